import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGE_MIN_LENGTH,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  FEEDBACK_SCREENSHOT_TYPES,
  type FeedbackCategory,
  type FeedbackScreenshotType,
} from '@wps/contract/feedback';
import { REQUIRED, type FormMessage } from '@/ui/form';

/** The screenshot limit as people read it. */
export const SCREENSHOT_MAX_TEXT = `${FEEDBACK_SCREENSHOT_MAX_BYTES / 1024} KB`;

export function isFeedbackCategory(value: string): value is FeedbackCategory {
  return (FEEDBACK_CATEGORIES as readonly string[]).includes(value);
}

export function categoryMessage(value: string): FormMessage | null {
  return isFeedbackCategory(value) ? null : REQUIRED;
}

/** The text as the server counts it: trimmed, between the contract's lengths. */
export function feedbackTextMessage(value: string): FormMessage | null {
  const length = value.trim().length;
  if (length === 0) return REQUIRED;
  if (length < FEEDBACK_MESSAGE_MIN_LENGTH) {
    return { key: 'feedback_message_short', params: { min: FEEDBACK_MESSAGE_MIN_LENGTH } };
  }
  if (length > FEEDBACK_MESSAGE_MAX_LENGTH) {
    return { key: 'feedback_message_long', params: { max: FEEDBACK_MESSAGE_MAX_LENGTH } };
  }
  return null;
}

/** A chosen screenshot: one of the accepted image types, not empty, within the size limit. */
export function screenshotMessage(file: { type: string; size: number } | null): FormMessage | null {
  if (file === null) return null;
  if (!(FEEDBACK_SCREENSHOT_TYPES as readonly string[]).includes(file.type) || file.size === 0) {
    return { key: 'feedback_screenshot_type' };
  }
  if (file.size > FEEDBACK_SCREENSHOT_MAX_BYTES) {
    return { key: 'feedback_screenshot_size', params: { size: SCREENSHOT_MAX_TEXT } };
  }
  return null;
}

/** The file's bytes as base64 (what the call carries), read in the browser. */
export async function screenshotPayload(file: Blob): Promise<{ type: FeedbackScreenshotType; data: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return { type: file.type as FeedbackScreenshotType, data: btoa(binary) };
}

export type FeedbackField = 'category' | 'message' | 'screenshot';

/** The fields an `invalid_request` names (`screenshot: not an image of its type`, `message: Too small…`). */
export function feedbackFieldsOf(serverMessage: string | null): FeedbackField[] {
  const found = new Set<FeedbackField>();
  for (const match of (serverMessage ?? '').matchAll(
    /(?:^|[.;]\s*)(category|message|screenshot)(?:\.[\w.]*)?\s*:/g,
  )) {
    found.add(match[1] as FeedbackField);
  }
  return [...found];
}
