import type { EndpointParsed } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import {
  FEEDBACK_PER_HOUR,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  type FeedbackReceipt,
  type FeedbackScreenshotType,
} from '@wps/contract/feedback';
import { memberFeedback } from '../../db/schema/index.js';
import { DomainError, invalidRequest } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import { FixedWindowCounter } from '../rate-limit/fixed-window-counter.js';
import type { MemberDeps } from './context.js';
import type { AuthenticatedSession } from '../identity/index.js';

const HOUR_MS = 3_600_000;

/** The first bytes of each accepted image type: the declared type must be what the bytes are. */
export function screenshotTypeOf(bytes: Uint8Array): FeedbackScreenshotType | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The screenshot's bytes, checked: real base64, not empty, within the size limit, of its declared type. */
export function checkScreenshot(screenshot: { type: FeedbackScreenshotType; data: string }): Buffer {
  if (screenshot.data.length % 4 !== 0) throw invalidRequest('screenshot: not base64');
  const bytes = Buffer.from(screenshot.data, 'base64');
  if (bytes.length === 0) throw invalidRequest('screenshot: empty');
  if (bytes.length > FEEDBACK_SCREENSHOT_MAX_BYTES) {
    throw new DomainError('payload_too_large', 'The screenshot is too large.', {
      maxBytes: FEEDBACK_SCREENSHOT_MAX_BYTES,
    });
  }
  if (screenshotTypeOf(bytes) !== screenshot.type)
    throw invalidRequest('screenshot: not an image of its type');
  return bytes;
}

/**
 * Feedback a logged-in member sends (issue 15): kept for the member's merchant, at most
 * FEEDBACK_PER_HOUR per member and hour (the rate limiter's database counter, on every instance).
 */
export class FeedbackService {
  private readonly counter: FixedWindowCounter;

  constructor(private readonly deps: MemberDeps) {
    this.counter = new FixedWindowCounter(deps.db, HOUR_MS, deps.now, 'feedback');
  }

  async send(
    merchant: Merchant,
    { customer }: AuthenticatedSession,
    input: EndpointParsed<'feedback'>,
  ): Promise<FeedbackReceipt> {
    const screenshot = input.screenshot
      ? { type: input.screenshot.type, base64: checkScreenshot(input.screenshot).toString('base64') }
      : null;
    const reservation = await this.counter.reserve(`${merchant.id}:${customer.id}`, FEEDBACK_PER_HOUR);
    if (reservation === null) {
      throw new DomainError(ErrorCode.TOO_MANY_REQUEST, 'Too much feedback in an hour. Try again later.');
    }
    try {
      const [row] = await this.deps.db
        .insert(memberFeedback)
        .values({
          merchantId: merchant.id,
          customerId: customer.id,
          category: input.category,
          message: input.message,
          screenshotType: screenshot?.type ?? null,
          screenshot: screenshot?.base64 ?? null,
          createdAt: new Date(this.deps.now()),
        })
        .returning({ id: memberFeedback.id, createdAt: memberFeedback.createdAt });
      if (row === undefined) throw new Error('feedback insert returned no row');
      return { id: String(row.id), createdAt: row.createdAt.toISOString() };
    } catch (error) {
      await this.counter.release(reservation);
      throw error;
    }
  }
}
