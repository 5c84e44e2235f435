// The merchant settings' face (docs/architecture.md, "Web layers").
export { applySettings } from './applySettings';
export { loadSettings, watchSettingsRefresh } from './loadSettings';
