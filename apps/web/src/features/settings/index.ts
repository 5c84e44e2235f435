// The merchant settings' face (docs/architecture.md, "Web layers").
export { applySettings, loadSettings, watchSettingsRefresh } from './loadSettings';
