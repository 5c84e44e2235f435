import type { OutboxMessage } from '@wps/contract/accounts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { escapeHtml } from '../../lib/html.js';
import { standInPage } from '../page.js';
import { sendHtml } from '../provider-pages.js';
import type { DevOutbox } from './outbox.js';

/** The outbox page: the newest SMS and mail of the host's merchant, with their codes picked out. */
export const OUTBOX_PAGE_PATH = '/wps/dev/outbox';

/** The six-digit code of a message (every code the server sends is one), or null. */
export function codeOf(text: string): string | null {
  return /\b([0-9]{6})\b/.exec(text)?.[1] ?? null;
}

function messageList(kind: 'sms' | 'email', messages: OutboxMessage[]): string {
  if (messages.length === 0) return '<p>Nothing sent yet.</p>';
  const items = messages.map((message) => {
    const code = codeOf(message.text);
    const to = kind === 'sms' ? `+${message.destination}` : message.destination;
    return `<li class="message" data-channel="${kind}" data-destination="${escapeHtml(message.destination)}">
<strong class="code">${code === null ? '—' : escapeHtml(code)}</strong>
<span class="to">${escapeHtml(to)}</span>
<small>${escapeHtml(message.createdAt)} · ${escapeHtml(message.text)}</small>
</li>`;
  });
  return `<ul>${items.join('\n')}</ul>`;
}

/**
 * GET /wps/dev/outbox: what the local SMS and mail providers "sent" for the request's merchant (its
 * host), newest first, 20 of each. Registered by the stand-ins only, so never in production; with and
 * without DEV_MODE (without it the codes are random, and this page is the only place to read them).
 */
export function outboxPageRoute(app: FastifyInstance, ctx: AppContext, outbox: DevOutbox): void {
  app.get(OUTBOX_PAGE_PATH, async (request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    const [sms, mail] = await Promise.all([
      outbox.list(merchant.id, 'sms', undefined),
      outbox.list(merchant.id, 'email', undefined),
    ]);
    const body = `<h1>Outbox of ${escapeHtml(merchant.name)}</h1>
<p>Development stand-in: the codes this server sent by SMS and email for this site, newest first. Reload for new ones.</p>
<style>
li.message { padding: 12px 16px; border-radius: 8px; background: #fff; border: 1px solid #d0d7de; }
.code { font: 700 24px/1.2 ui-monospace, monospace; letter-spacing: 2px; margin-inline-end: 12px; }
small { overflow-wrap: anywhere; }
</style>
<h2>SMS</h2>
${messageList('sms', sms)}
<h2>Email</h2>
${messageList('email', mail)}
<a class="other" href="${OUTBOX_PAGE_PATH}">Reload</a> <a class="other" href="/m/home">Back to the site</a>`;
    return sendHtml(reply, standInPage(`Outbox · ${merchant.name}`, body));
  });
}
