import { z } from 'zod';
import { WHITELABEL_FLAGS } from '../flags.js';
import { COLLECT_VALUE_MAX_BYTES } from '../system.js';
import { utf8Length } from './common.js';

/** The session key: `_` only defeats caches on the way. */
export const sessionKeyQuerySchema = z.object({ _: z.union([z.number(), z.string().max(20)]).optional() });

export const statusQuerySchema = z.object({
  device: z.enum(['MOBILE', 'PC']).optional(),
  track: z.string().max(200).optional(),
  originalDomain: z.string().max(253).optional(),
  url: z.string().max(2048).optional(),
});
export type StatusQuery = z.infer<typeof statusQuerySchema>;

export const manifestQuerySchema = z.object({
  merchantCode: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/i)
    .optional(),
});

export const domainRouteQuerySchema = z.object({ device: z.enum(['MOBILE', 'PC']).optional() });

/** Runtime schema of the flags map, for the client to check what it stores. */
export const whitelabelFlagsSchema = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    (typeof WHITELABEL_FLAGS)[number],
    z.ZodBoolean
  >,
);

/**
 * POST /wps/system/collect, sent with navigator.sendBeacon: JSON as application/json, or as
 * text/plain (what sendBeacon sends for a string). `value` is a marketing batch, a status latency
 * report, a performance report (schemas/tracking.ts) or any other event the server keeps as sent.
 */
export const collectBodySchema = z
  .object({
    merchant: z.string().max(64).nullish(),
    value: z.union([z.string(), z.record(z.string(), z.unknown())]),
    /** A beacon sends no headers: a signed-in member's session token, which attributes its events. */
    token: z.string().max(1024).optional(),
  })
  .refine(
    (body) =>
      utf8Length(typeof body.value === 'string' ? body.value : JSON.stringify(body.value)) <=
      COLLECT_VALUE_MAX_BYTES,
    {
      message: `value must be at most ${COLLECT_VALUE_MAX_BYTES} bytes`,
      path: ['value'],
    },
  );
export type CollectBody = z.infer<typeof collectBodySchema>;
