import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  SEAMLESS_SIGNATURE_VERSION,
  SEAMLESS_SIGNATURE_WINDOW_S,
  SeamlessHeader,
  seamlessErrorSchema,
  seamlessOkSchema,
  seamlessPath,
  seamlessSignedText,
  type SeamlessOk,
  type SeamlessOperation,
  type SeamlessRequest,
} from '@wps/contract/seamless';

/**
 * The demo vendor's side of the seamless wallet: what a game vendor's server does to move a member's
 * money. It knows the operator only through the wire (@wps/contract/seamless) and its shared secret:
 * it signs each call over `id.timestamp.rawBody`, sends it over HTTP, and believes an answer only when
 * the operator's signature over it verifies for the same id. Nothing here imports the wallet.
 */

export interface WalletHttpRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WalletHttpAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Sends one HTTP request to the operator; rejects when nothing came back. */
export type WalletTransport = (request: WalletHttpRequest) => Promise<WalletHttpAnswer>;

/**
 * What a call came to: accepted; refused (a signed 4xx: nothing was written, the call may be
 * decided on); or unknown (no answer, a 5xx, an answer whose signature fails): the vendor must not
 * assume either way and settles it later by repeating the call or rolling the bet back.
 */
export type WalletOutcome =
  | { kind: 'ok'; answer: SeamlessOk }
  | { kind: 'refused'; errorCode: string; message: string; balance?: number }
  | { kind: 'unknown'; reason: string };

export interface WalletClientOptions {
  vendorId: string;
  /** The shared secret the operator gave this vendor. */
  secret: () => Promise<Buffer>;
  transport: WalletTransport;
  now: () => number;
}

function sign(secret: Buffer, id: string, timestamp: string, body: string): string {
  const mac = createHmac('sha256', secret)
    .update(seamlessSignedText(id, timestamp, body))
    .digest('base64');
  return `${SEAMLESS_SIGNATURE_VERSION},${mac}`;
}

function header(headers: WalletHttpAnswer['headers'], name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

export class SeamlessWalletClient {
  constructor(private readonly options: WalletClientOptions) {}

  balance(request: SeamlessRequest<'balance'>): Promise<WalletOutcome> {
    return this.call('balance', request);
  }

  bet(request: SeamlessRequest<'bet'>): Promise<WalletOutcome> {
    return this.call('bet', request);
  }

  win(request: SeamlessRequest<'win'>): Promise<WalletOutcome> {
    return this.call('win', request);
  }

  rollback(request: SeamlessRequest<'rollback'>): Promise<WalletOutcome> {
    return this.call('rollback', request);
  }

  endRound(request: SeamlessRequest<'endRound'>): Promise<WalletOutcome> {
    return this.call('endRound', request);
  }

  private async call(operation: SeamlessOperation, payload: object): Promise<WalletOutcome> {
    const { vendorId, transport, now } = this.options;
    const secret = await this.options.secret();
    const id = randomUUID();
    const timestamp = String(Math.floor(now() / 1000));
    const body = JSON.stringify(payload);
    let answer: WalletHttpAnswer;
    try {
      answer = await transport({
        path: seamlessPath(vendorId, operation),
        headers: {
          'content-type': 'application/json',
          [SeamlessHeader.id]: id,
          [SeamlessHeader.timestamp]: timestamp,
          [SeamlessHeader.signature]: sign(secret, id, timestamp, body),
        },
        body,
      });
    } catch (error) {
      return { kind: 'unknown', reason: `no answer: ${(error as Error).message}` };
    }
    if (!this.signedByOperator(answer, secret, id)) return { kind: 'unknown', reason: 'unsigned answer' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return { kind: 'unknown', reason: 'answer is not JSON' };
    }
    if (answer.status === 200) {
      const ok = seamlessOkSchema.safeParse(parsed);
      return ok.success ? { kind: 'ok', answer: ok.data } : { kind: 'unknown', reason: 'malformed answer' };
    }
    const refusal = seamlessErrorSchema.safeParse(parsed);
    if (answer.status >= 400 && answer.status < 500 && refusal.success) {
      return {
        kind: 'refused',
        errorCode: refusal.data.errorCode,
        message: refusal.data.message,
        ...(refusal.data.balance === undefined ? {} : { balance: refusal.data.balance }),
      };
    }
    return { kind: 'unknown', reason: `status ${answer.status}` };
  }

  private signedByOperator(answer: WalletHttpAnswer, secret: Buffer, id: string): boolean {
    const answerId = header(answer.headers, SeamlessHeader.id);
    const timestamp = header(answer.headers, SeamlessHeader.timestamp);
    const signature = header(answer.headers, SeamlessHeader.signature);
    if (answerId !== id || timestamp === undefined || signature === undefined) return false;
    if (Math.abs(Math.floor(this.options.now() / 1000) - Number(timestamp)) > SEAMLESS_SIGNATURE_WINDOW_S) {
      return false;
    }
    const expected = Buffer.from(sign(secret, id, timestamp, answer.body));
    const actual = Buffer.from(signature);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
