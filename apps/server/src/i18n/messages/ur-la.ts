import type { ServerMessages } from '../server-messages.js';

/** Roman Urdu (Latin script). */
export const urLa: ServerMessages = {
  domain_not_available: 'Yeh site is pate par dastiyab nahin hai.',
  CUSTOMER_NOT_LOGIN: 'Jaari rakhne ke liye barah-e-karam log in karein.',
  'customer.not.login': 'Jaari rakhne ke liye barah-e-karam log in karein.',
  'user.or.token.invalid': 'Aap ka session khatam ho gaya hai. Barah-e-karam dobara log in karein.',
  'login.not.session': 'Aap ka session khatam ho gaya hai. Barah-e-karam dobara log in karein.',
  token_ip_different:
    'Aap ka network badal jaane ki wajah se aap ko sign out kar diya gaya. Barah-e-karam dobara log in karein.',
  TOO_MANY_REQUEST: 'Bohat zyada darkhwasten. Thora intezar kar ke dobara koshish karein.',
  'login.cred.err': 'User name ya password ghalat hai.',
  'not.exists.user': 'In tafseelat se koi account mel nahin khata.',
  login_verify_required: 'Log in karne ke liye barah-e-karam tasdeeq ka doosra marhala mukammal karein.',
  bind_customer_required:
    'Yeh sign-in abhi kisi account se link nahin hai. Ise link karein ya naya account register karein.',
  line_invalid_token:
    'Aap ke LINE sign-in ki muddat khatam ho gayi hai. Meharbani karke LINE se dobara sign in karein.',
  telegram_validate_failed:
    'Telegram sign-in ki tasdeeq nahin ho saki. Meharbani karke dobara koshish karein.',
  not_found: 'Aap ki matlooba cheez nahin mili.',
  invalid_request: 'Kuch maloomat qabool nahin ho sakin. Check kar ke dobara koshish karein.',
  invalid_json: 'Darkhwast parhi nahin ja saki. Barah-e-karam dobara koshish karein.',
  payload_too_large: 'Aap ka bheja gaya data bohat bara hai.',
  unsupported_media_type: 'Darkhwast parhi nahin ja saki. Barah-e-karam dobara koshish karein.',
  method_not_allowed: 'Yeh karwai yahan mumkin nahin hai.',
  merchant_not_found: 'Yeh site nahin mili.',
  system_maintenance: 'Site ki dekh bhaal jaari hai. Barah-e-karam baad mein dobara tashreef layen.',
  region_restricted: 'Yeh site aap ke ilaqe mein dastiyab nahin hai.',
  internal_error: 'Kuch ghalat ho gaya. Barah-e-karam baad mein dobara koshish karen.',
  service_unavailable:
    'Service thori der ke liye dastiyab nahin. Barah-e-karam kuch der baad dobara koshish karen.',
  'username.exists': 'Yeh user name pehle se liya ja chuka hai.',
  'mobile.exists': 'Yeh mobile number pehle se registered hai.',
  captcha_required: 'Baraye meharbani security jaanch mukammal karein.',
  captcha_invalid: 'Security jaanch nakaam ho gayi. Barah-e-karam dobara koshish karein.',
  verify_code_invalid: 'Code ghalat hai ya is ki muddat khatam ho chuki hai.',
  TOO_MANY_REQUEST_verify_code:
    'Abhi abhi ek code bheja gaya hai. Naya code mangwane se pehle thora intezar karein.',
  old_password_incorrect: 'Maujooda password ghalat hai.',
  password_not_allowed: 'Yeh password istemal nahin ho sakta. Baraye meharbani koi aur chunein.',
  contact_in_use: 'Is pate ya number par aap ke sign-in codes aate hain. Pehle un codes ko band karein.',
  module_disabled: 'Yeh feature is site par dastiyab nahin hai.',
  game_not_found: 'Yeh game nahin mili.',
  game_maintenance: 'Yeh game maintenance mein hai. Baraye meharbani baad mein dobara koshish karen.',
  game_trial_unavailable: 'Is game ke liye muft khel dastiyab nahin hai.',
  launch_ticket_invalid: 'Game ke link ki muddat khatam ho gayi hai. Barah-e-karam game dobara shuru karein.',
  passkey_unavailable: 'Is site par passkeys dastiyab nahin hain.',
  passkey_challenge_expired:
    'Passkey ki darkhwast ki muddat khatam ho gayi. Barah-e-karam dobara koshish karein.',
  passkey_invalid: 'Passkey ki tasdeeq nahin ho saki. Barah-e-karam dobara koshish karein.',
  passkey_not_found: 'Yeh passkey nahin mili.',
  passkey_conflict: 'Yeh passkey pehle hi shamil ki ja chuki hai.',
  bind_token_invalid:
    'Link karne ki darkhwast ki muddat khatam ho gayi. Barah-e-karam mutalliqa service se dobara sign in karein.',
  social_token_invalid: 'Sign-in ki tasdeeq nahin ho saki. Barah-e-karam dobara koshish karein.',
  social_identity_taken: 'Yeh sign-in pehle hi kisi doosre account se link hai.',
  social_last_sign_in:
    'Yeh aap ke account mein jaane ka wahid tareeqa hai. Ise hatane se pehle password set karein.',
  agent_only: 'Yeh page sirf agents ke liye hai.',
  promo_code_disabled: 'Promo codes abhi dastiyab nahin hain.',
  promo_code_invalid: 'Yeh promo code durust nahin hai.',
  promo_code_expired: 'Yeh promo code abhi faal nahin hai.',
  promo_code_claimed: 'Aap yeh promo code pehle hi hasil kar chuke hain.',
  chat_rate_limited: 'Aap bohat tezi se paighamat bhej rahe hain. Barah-e-karam thora intezar karein.',
  chat_not_ready: 'Chat abhi tayyar nahin hai. Barah-e-karam thori der baad dobara koshish karein.',
  chat_conversation_not_found: 'Yeh guftagu nahin mili.',
  idempotency_conflict:
    'Yeh darkhwast pehle hi mukhtalif tafseelat ke saath bheji ja chuki hai. Barah-e-karam dobara shuru karein.',
  insufficient_funds: 'Aap ka balance is raqam ke liye kafi nahin hai.',
  amount_invalid: 'Barah-e-karam dikhayi gayi hadood ke andar durust raqam darj karein.',
  currency_mismatch: 'Yeh raqam aap ke wallet se mukhtalif currency mein hai.',
  signature_invalid: 'Darkhwast ki tasdeeq nahin ho saki.',
  payment_not_found: 'Humein yeh payment nahin mili.',
  payment_state: 'Is payment ko ab tabdeel nahin kiya ja sakta.',
  rg_under_age: 'Aap is site par register karne ki kam az kam umar ko nahin pahunche.',
  rg_terms_required: 'Jaari rakhne ke liye barah-e-karam maujooda sharait o zawabit qubool karein.',
};
