import type { z } from 'zod';

/** The longest text frame read (the socket plugin's maxPayload is the same). */
const MAX_FRAME_LENGTH = 16_384;

/**
 * Parses one text frame with its contract schema (`chatClientFrameSchema`, `staffClientFrameSchema`);
 * null for anything that is not valid JSON of the schema.
 */
export function parseFrame<T>(schema: z.ZodType<T>, raw: string): T | null {
  if (raw.length > MAX_FRAME_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}
