import { AppPath } from '@wps/contract/routes';
import type { ChatLaunch } from '@wps/contract/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';

/** An in-app path under /m/ with nothing that could leave the site or climb out of it. */
export function inAppPath(value: string | undefined): string | null {
  if (value === undefined) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const unsafe = (text: string) =>
    !text.startsWith('/m/') ||
    text.startsWith('//') ||
    /[\\\s]/.test(text) ||
    [...text].some((char) => char.charCodeAt(0) < 0x20) ||
    text
      .split(/[?#]/)[0]
      ?.split('/')
      .some((segment) => segment === '..' || segment === '.') === true;
  return unsafe(value) || unsafe(decoded) ? null : value;
}

/** GET /wps/relay/CBS_launchChat: the chat's in-app address for b2c, title, backUrl, language. */
export function launchChatRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'launchChat', async (input, request): Promise<ChatLaunch> => {
    // Known host only: the chat is a merchant's.
    await requireMerchant(ctx, request);
    const query = new URLSearchParams();
    if (input.b2c !== undefined) query.set('b2c', input.b2c);
    if (input.title !== undefined && input.title.trim() !== '') query.set('title', input.title.trim());
    const back = inAppPath(input.backUrl);
    if (back !== null) query.set('backUrl', back);
    if (input.language !== undefined) query.set('language', input.language);
    const search = query.toString();
    return { url: `${AppPath.supportChat}${search === '' ? '' : `?${search}`}` };
  });
}
