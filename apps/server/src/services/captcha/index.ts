/**
 * The captcha domain: the challenge a merchant's forms show (the local slider or Geetest), the
 * slider's text alternative for screen-reader users, their verification, and the one-use passes the login, registration and code calls consume. Its public
 * face: other folders import the domain from here only (the linter refuses a deep import).
 */
export type { HttpPost } from './geetest.js';
export { LOCAL_CAPTCHA_ID, LocalSliderCaptcha } from './local.js';
export { seededRandom } from './puzzle.js';
export { CaptchaService } from './service.js';
export { TextCaptcha } from './text.js';
