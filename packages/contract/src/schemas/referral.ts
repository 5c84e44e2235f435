import { z } from 'zod';
import { REFERRAL_MAX_PAGE_SIZE, REFERRAL_PAGE_SIZE } from '../referral.js';
import { passwordText } from './common.js';
import { newMemberAttestation } from './accounts.js';

// ---- referral and agents (referral.ts) -----------------------------------------------------------

export const referralPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REFERRAL_MAX_PAGE_SIZE).default(REFERRAL_PAGE_SIZE),
});

/**
 * A sub-member an agent creates: the registration's username and password (rules checked by the
 * service); the agent attests the sub-member's age and terms acceptance as a registration does.
 */
export const subAccountSchema = z.object({
  username: z.string().min(1).max(64),
  password: passwordText,
  ...newMemberAttestation,
});
