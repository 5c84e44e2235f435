export { relyingPartyFor, type RelyingParty } from './relying-party.js';
export { PasskeyService } from './service.js';
