// Tracking's face (docs/architecture.md, "Web layers"): events, views, click ids; the rest loads later.
export { currentClickIds } from './attribution';
export { mirrorMovement, reportStatusLatencyLater, startTrackingLater, trackEvent } from './trackEvent';
export { useTrackView } from './useTrackView';
