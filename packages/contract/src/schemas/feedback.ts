import { z } from 'zod';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGE_MIN_LENGTH,
  FEEDBACK_SCREENSHOT_MAX_BASE64,
  FEEDBACK_SCREENSHOT_TYPES,
} from '../feedback.js';

/** The text is trimmed first; the screenshot's bytes are checked by the server (type, size, signature). */
export const feedbackSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string().trim().min(FEEDBACK_MESSAGE_MIN_LENGTH).max(FEEDBACK_MESSAGE_MAX_LENGTH),
  screenshot: z
    .object({
      type: z.enum(FEEDBACK_SCREENSHOT_TYPES),
      data: z
        .string()
        .min(4)
        .max(FEEDBACK_SCREENSHOT_MAX_BASE64)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/),
    })
    .optional(),
});
/** POST /wps/member/feedback. */
export type FeedbackPayload = z.input<typeof feedbackSchema>;
