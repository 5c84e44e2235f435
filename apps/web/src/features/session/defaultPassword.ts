/**
 * The default mobile-registration password of spec sections 5 and 9 ({secret} in the spec), owned
 * by the contract.
 */
export { DEFAULT_MOBILE_REGISTRATION_PASSWORD } from '@wps/contract/accounts';
