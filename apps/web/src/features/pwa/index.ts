// The PWA feature's face (docs/architecture.md, "Web layers"): the install prompt, the installed
// count, the service worker's start. The install capture and the preload reload are first-load
// entries; the add-to-home-screen guide (extras/A2hsGuide.tsx) a lazy one. The start-in-app dialog
// loads its own chunk when it is shown (startInApp.ts).
export {
  captureInstallPrompt,
  clearDeferredInstallPrompt,
  deferredInstallPrompt,
  handleInstalled,
  type InstallPromptEvent,
} from './installCapture';
export { runInstallPrompt } from './installPrompt';
export { reloadWhenBackOnline } from './backOnline';
export { recordInstalled } from './installed';
export { watchPreloadErrors } from './preloadReload';
export { showStartInAppDialog } from './startInApp';
export { startPwaLater } from './startPwaLater';
