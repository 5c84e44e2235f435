// The language feature's face (docs/architecture.md, "Web layers"). The language dialog
// (LanguageDialog.tsx) is a lazy entry of its own.
export { LanguagePicker } from './LanguagePicker';
