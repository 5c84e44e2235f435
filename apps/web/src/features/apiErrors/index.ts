// The error catalogue's face (docs/architecture.md, "Web layers"): what a failed call shows. The
// start-up's lazy handler (handleErrorLater.ts) is a first-load entry of its own.
export { handleError, performErrorAction, termsVersionOf } from './errorActions';
