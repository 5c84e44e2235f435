import { createCaptchaGuard } from '@/features/session/captcha';

/** One verification at a time across the app, slider or question ('verify geetest too fast'). */
export const captchaGuard = createCaptchaGuard();
