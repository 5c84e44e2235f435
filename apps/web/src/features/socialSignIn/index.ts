// Social sign-in's face (docs/architecture.md, "Web layers"). The Telegram arrival (arrival.ts) is a
// lazy entry of its own.
export { BindBanner } from './BindBanner';
export { LinkedSignIns, linkedSignInsQuery } from './LinkedSignIns';
export { SocialSignIn } from './SocialSignIn';
export { firebasePhoneOn } from './adapter';
