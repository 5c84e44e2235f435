// The customer-service entries' face (docs/architecture.md, "Web layers"). The floating and header
// buttons (CsButtons.tsx) are a lazy entry of their own.
export { CustomerServiceLink } from './CustomerServiceLink';
export { useCustomerServiceEntry } from './entries';
