/** Feedback from a member (`/m/feedback`, issue 15): what the form may send and what the server keeps. */

export const FEEDBACK_CATEGORIES = ['suggestion', 'problem', 'account', 'games', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** The text, trimmed: long enough to say something, short enough to read. */
export const FEEDBACK_MESSAGE_MIN_LENGTH = 10;
export const FEEDBACK_MESSAGE_MAX_LENGTH = 2000;

/** The optional screenshot: one of these image types, at most this many bytes before base64. */
export const FEEDBACK_SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type FeedbackScreenshotType = (typeof FEEDBACK_SCREENSHOT_TYPES)[number];
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 512 * 1024;

/** Base64 of the largest screenshot (4 characters per 3 bytes, padded). */
export const FEEDBACK_SCREENSHOT_MAX_BASE64 = Math.ceil(FEEDBACK_SCREENSHOT_MAX_BYTES / 3) * 4;

/** The feedback call's body limit: the screenshot's base64 and room for the text and the JSON. */
export const FEEDBACK_BODY_LIMIT_BYTES = FEEDBACK_SCREENSHOT_MAX_BASE64 + 16 * 1024;

/** How many feedback messages a member may send per hour. */
export const FEEDBACK_PER_HOUR = 5;

/** The server's acknowledgement: the number of the stored feedback and when it was received. */
export interface FeedbackReceipt {
  id: string;
  createdAt: string;
}
