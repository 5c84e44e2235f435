// The system status' face (docs/architecture.md, "Web layers"): the gate in front of the app. The
// status check (checkSystemStatus.ts) is a lazy entry of its own.
export { StatusGate } from './StatusGate';
