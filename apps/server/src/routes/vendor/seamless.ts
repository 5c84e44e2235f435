import {
  SEAMLESS_BODY_LIMIT_BYTES,
  SEAMLESS_OPERATIONS,
  SEAMLESS_PATH_PREFIX,
  SEAMLESS_STATUS,
  SeamlessErrorCode,
  SeamlessHeader,
  type SeamlessError,
  type SeamlessOperation,
} from '@wps/contract/seamless';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { isDatabaseUnavailable } from '../../db/availability.js';
import { SeamlessRefusal, signSeamlessAnswer, verifySeamlessSignature } from '../../services/wallet/index.js';

const OPERATIONS: ReadonlySet<string> = new Set(SEAMLESS_OPERATIONS);
const WELL_FORMED_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

function refusalBody(error: SeamlessRefusal): SeamlessError {
  return {
    status: 'ERROR',
    errorCode: error.code,
    message: error.message,
    ...(error.balance === undefined
      ? {}
      : { balance: Number(error.balance.amount), currency: error.balance.currency }),
  };
}

/** Anything not a refusal: logged, and answered without details. */
function faultBody(request: FastifyRequest, error: unknown): { status: number; body: SeamlessError } {
  const unavailable = isDatabaseUnavailable(error);
  if (!unavailable) request.log.error({ err: error }, 'seamless wallet call failed');
  const code = unavailable ? SeamlessErrorCode.SERVICE_UNAVAILABLE : SeamlessErrorCode.INTERNAL_ERROR;
  return {
    status: SEAMLESS_STATUS[code],
    body: { status: 'ERROR', errorCode: code, message: 'The wallet could not answer. Try again.' },
  };
}

function send(reply: FastifyReply, status: number, body: string, signature: Record<string, string>) {
  return reply
    .status(status)
    .headers({ 'cache-control': 'no-store', ...signature })
    .type('application/json; charset=utf-8')
    .send(body);
}

/** Errors before the handler (body too large and the like): unsigned, in the API's own shape. */
function scopeErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    const body: SeamlessError = {
      status: 'ERROR',
      errorCode: SeamlessErrorCode.INVALID_REQUEST,
      message: 'Invalid request.',
    };
    void send(reply, error.statusCode, JSON.stringify(body), {});
    return;
  }
  const fault = faultBody(request, error);
  void send(reply, fault.status, JSON.stringify(fault.body), {});
}

/**
 * The seamless-wallet API game vendors call (docs/decisions/seamless-wallet.md):
 * `POST /seamless/v1/{vendorId}/{balance|bet|win|rollback|endRound}`. The raw body is kept as sent,
 * the signature checked over it before anything is read (no setting turns that off), then the call
 * runs; every answer of a known vendor is signed with the request's id.
 */
export async function seamlessWalletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: SEAMLESS_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler(scopeErrorHandler);

    scope.post<{ Params: { vendor: string; operation: string } }>(
      `${SEAMLESS_PATH_PREFIX}:vendor/:operation`,
      async (request, reply) => {
        const { vendor, operation } = request.params;
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const secret = await ctx.seamless.vendors.secret(vendor);
        const claimedId = request.headers[SeamlessHeader.id];
        // Answers to a known vendor are signed, refusals of its signature too (with the id it sent,
        // when that is one at all): it can tell our answer from anyone else's.
        const sign = (body: string, id: string | undefined): Record<string, string> =>
          secret === null || id === undefined || !WELL_FORMED_ID.test(id)
            ? {}
            : signSeamlessAnswer(secret, id, body, ctx.now());
        let answerId = typeof claimedId === 'string' ? claimedId : undefined;
        try {
          if (secret === null) {
            throw new SeamlessRefusal(SeamlessErrorCode.SIGNATURE_INVALID, 'Unknown vendor.');
          }
          answerId = verifySeamlessSignature({ headers: request.headers, rawBody }, secret, ctx.now());
          if (!OPERATIONS.has(operation)) {
            throw new SeamlessRefusal(SeamlessErrorCode.NOT_FOUND, 'No such call.');
          }
          const answer = await ctx.seamless.call(vendor, operation as SeamlessOperation, rawBody);
          const body = JSON.stringify(answer);
          return await send(reply, 200, body, sign(body, answerId));
        } catch (error) {
          if (error instanceof SeamlessRefusal) {
            const body = JSON.stringify(refusalBody(error));
            return send(reply, SEAMLESS_STATUS[error.code], body, sign(body, answerId));
          }
          const fault = faultBody(request, error);
          const body = JSON.stringify(fault.body);
          return send(reply, fault.status, body, sign(body, answerId));
        }
      },
    );
  });
}
