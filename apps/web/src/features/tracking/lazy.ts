/** The one chunk the first-load door (trackEvent.ts) loads: the events, the latency report, the start. */
export { mirrorServerEvent, recordEvent, reportStatusLatency } from './marketing';
export { startTracking } from './startTracking';
