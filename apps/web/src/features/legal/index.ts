// The legal pages' face (docs/architecture.md, "Web layers"): the pages' names. The footer
// (LegalFooter.tsx) is a lazy entry of its own.
export { LEGAL_TITLES } from './titles';
