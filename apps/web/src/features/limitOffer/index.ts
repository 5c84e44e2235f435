// The offer to set a deposit limit (issue 29 item 1), made once where the merchant's jurisdiction
// profile says. The slot is a lazy entry of its own for the lobby (ui/lazyWhenIdle).
export { default as LimitOfferSlot } from './LimitOfferSlot';
