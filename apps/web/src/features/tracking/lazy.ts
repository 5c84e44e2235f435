/** The one chunk the first-load door (trackEvent.ts) loads: the events, the latency report, the start. */
export { recordEvent, reportStatusLatency } from './marketing';
export { startTracking } from './startTracking';
