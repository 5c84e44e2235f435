// The connectivity watcher's face (docs/architecture.md, "Web layers").
export { watchConnectivity } from './watchConnectivity';
