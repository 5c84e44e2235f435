/**
 * Once the visitor has used the page — tapped or typed on it (the browser's sticky user activation)
 * — not before: the app's own install offer waits for it, so it never covers a first screen the
 * visitor has not yet used (a scroll alone is reading, not using).
 */
const ACTIVATIONS = ['pointerup', 'keydown'] as const;

export function whenEngaged(win: Window): Promise<void> {
  const activation = (win.navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  if (activation?.hasBeenActive) return Promise.resolve();
  return new Promise((resolve) => {
    const options: AddEventListenerOptions = { capture: true, passive: true };
    const done = () => {
      for (const type of ACTIVATIONS) win.removeEventListener(type, done, options);
      resolve();
    };
    for (const type of ACTIVATIONS) win.addEventListener(type, done, options);
  });
}
