import { AccountPath, ok, type OutboxMessage, type WpsSuccess } from '@wps/contract';
import { outboxQuerySchema } from '@wps/contract/schemas';
import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { outboxMessages } from '../../db/schema.js';
import { parseInput } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';

const OUTBOX_LIMIT = 20;

/** The local providers' outboxes, newest first. Registered only in development mode. */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.devMode) return;

  const list = async (channel: 'sms' | 'email', destination: string | undefined, merchantId: number) => {
    const rows = await ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.merchantId, merchantId),
          eq(outboxMessages.channel, channel),
          destination === undefined
            ? undefined
            : channel === 'sms'
              ? like(outboxMessages.destination, `% ${destination}`)
              : eq(outboxMessages.destination, destination.toLowerCase()),
        ),
      )
      .orderBy(desc(outboxMessages.id))
      .limit(OUTBOX_LIMIT);
    return rows.map((row): OutboxMessage => ({
      destination: row.destination,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    }));
  };

  app.get(AccountPath.devSmsOutbox, async (request, reply): Promise<WpsSuccess<OutboxMessage[]>> => {
    reply.header('cache-control', 'no-store');
    const query = parseInput(outboxQuerySchema, request.query);
    const merchant = await requireMerchant(ctx, request);
    return ok(await list('sms', query.mobileNum, merchant.id));
  });

  app.get(AccountPath.devMailOutbox, async (request, reply): Promise<WpsSuccess<OutboxMessage[]>> => {
    reply.header('cache-control', 'no-store');
    const query = parseInput(outboxQuerySchema, request.query);
    const merchant = await requireMerchant(ctx, request);
    return ok(await list('email', query.email, merchant.id));
  });
}
