import { ALL_LANGUAGES } from '@wps/contract/languages';
import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import type { WpsFailure } from '@wps/contract/envelope';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/members.js';
import { LOTUS, loginPayload, plainPost, sealedPost } from '../test/accounts.js';
import { backends, useTestApp } from '../test/test-app.js';
import { SERVER_MESSAGES } from './catalog.js';
import { MESSAGE_CODES, languageOf } from './server-messages.js';

describe('languageOf (the Language header)', () => {
  it.each<[string, unknown, string]>([
    ['an interface language', 'VI', 'VI'],
    ['lower case', 'vi', 'VI'],
    ['a regional one', 'pt-br', 'PT-BR'],
    ['Arabic (in the locale map)', 'AR', 'AR'],
    ['absent', undefined, 'EN'],
    ['empty', '', 'EN'],
    ['unknown', 'XX', 'EN'],
    ['a locale tag instead of a code', 'vi-VN', 'EN'],
    ['overlong', 'V'.repeat(500), 'EN'],
    ['with a line break', 'VI\r\nX-Evil: 1', 'EN'],
    ['sent twice: the first', ['TH', 'VI'], 'TH'],
    ['not text', 42, 'EN'],
  ])('%s', (_name, header, expected) => {
    expect(languageOf(header)).toBe(expected);
  });
});

const failure = (response: LightMyRequestResponse) => response.json<WpsFailure>();

/** The words of a text with letters of the Latin alphabet. */
const latinWords = (text: string) => text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word));

describe('the server message catalogs', () => {
  it.each([...ALL_LANGUAGES])('%s: a sentence for every error code', (language) => {
    const messages = SERVER_MESSAGES[language];
    const missing = MESSAGE_CODES.filter((code) => (messages[code] ?? '').trim() === '');
    expect(missing).toEqual([]);
  });

  it.each(ALL_LANGUAGES.filter((language) => language !== 'EN'))(
    '%s: no English sentence copied',
    (language) => {
      const copies = MESSAGE_CODES.filter(
        (code) =>
          SERVER_MESSAGES[language][code] === SERVER_MESSAGES.EN[code] &&
          latinWords(SERVER_MESSAGES.EN[code]).length > 1,
      );
      expect(copies).toEqual([]);
    },
  );
});

describe.each(backends)('answers in the request’s language (%s)', (backend) => {
  const t = useTestApp(backend);
  let caller = 0;
  const wrongPassword = (language?: string) =>
    // On lotus, which asks no captcha before a login; each its own account and address, under the
    // login throttle (an unknown account is refused like a wrong password).
    sealedPost(t.app, endpoints.login.path, loginPayload(`nobody${caller}`, DEMO_PASSWORD), {
      host: LOTUS,
      ip: `10.0.0.${(caller += 1)}`,
      ...(language === undefined ? {} : { headers: { language } }),
    });

  it.each<[string, string | undefined, string]>([
    ['Vietnamese', 'VI', SERVER_MESSAGES.VI[ErrorCode.LOGIN_CRED_ERR]],
    ['Thai, in lower case', 'th', SERVER_MESSAGES.TH[ErrorCode.LOGIN_CRED_ERR]],
    ['Arabic', 'AR', SERVER_MESSAGES.AR[ErrorCode.LOGIN_CRED_ERR]],
    // English: the service's own sentence.
    ['English', 'EN', 'The account or password is incorrect.'],
    ['no header', undefined, 'The account or password is incorrect.'],
    ['an unknown language', 'XX', 'The account or password is incorrect.'],
  ])('a refused login in %s', async (_name, language, expected) => {
    const answer = failure(await wrongPassword(language));
    expect(answer.errorCode).toBe(ErrorCode.LOGIN_CRED_ERR);
    expect(answer.message).toBe(expected);
  });

  it('a refused entry: the message in Vietnamese, the English detail naming the field in data', async () => {
    const response = await plainPost(
      t.app,
      endpoints.feedback.path,
      { category: 'nonsense', message: 'Hello there, this is long enough.' },
      { headers: { language: 'VI' } },
    );
    expect(response.statusCode).toBe(400);
    const answer = failure(response);
    expect(answer.errorCode).toBe(ErrorCode.INVALID_REQUEST);
    expect(answer.message).toBe(SERVER_MESSAGES.VI[ErrorCode.INVALID_REQUEST]);
    expect(answer.detail).toMatch(/^Invalid request\. .*category/);
  });

  it('an unknown call answers not_found in the request’s language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/wps/no/such/call',
      headers: { host: 'localhost', language: 'KO' },
    });
    expect(response.statusCode).toBe(404);
    expect(failure(response).message).toBe(SERVER_MESSAGES.KO[ErrorCode.NOT_FOUND]);
  });
});
