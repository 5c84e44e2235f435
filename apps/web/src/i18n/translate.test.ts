import { ALL_LANGUAGES, LOCALE_MAP, type LanguageCode } from '@wps/contract/languages';
import { describe, expect, it } from 'vitest';
import {
  type Catalog,
  type MessageKey,
  type TranslateParams,
  applyDocumentLanguage,
  translate,
} from './translate';

const CATALOG: Catalog = {
  access_denied: 'Access Denied',
  access_denied_message: 'Access from IP address {ip} is restricted.',
  domain_not_available_message: '{domain} / {domain} / {other} / {not a placeholder}',
  empty_text: '',
};

describe('translate', () => {
  it.each<[string, string, TranslateParams | undefined, string]>([
    ['a plain text', 'access_denied', undefined, 'Access Denied'],
    ['params on a text without placeholders', 'access_denied', { ip: '1.2.3.4' }, 'Access Denied'],
    [
      'a placeholder filled',
      'access_denied_message',
      { ip: '1.2.3.4' },
      'Access from IP address 1.2.3.4 is restricted.',
    ],
    ['a number param', 'access_denied_message', { ip: 42 }, 'Access from IP address 42 is restricted.'],
    [
      'a missing param stays visible',
      'access_denied_message',
      {},
      'Access from IP address {ip} is restricted.',
    ],
    ['no params at all', 'access_denied_message', undefined, 'Access from IP address {ip} is restricted.'],
    [
      'params are not re-interpreted',
      'access_denied_message',
      { ip: '{ip}$&' },
      'Access from IP address {ip}$& is restricted.',
    ],
    [
      'repeated, unknown and malformed placeholders',
      'domain_not_available_message',
      { domain: 'a.example' },
      'a.example / a.example / {other} / {not a placeholder}',
    ],
    ['an empty text is a text', 'empty_text', undefined, ''],
    ['a missing key shows the key', 'network_offline', undefined, 'network_offline'],
    ['an inherited name is not a text', 'toString', undefined, 'toString'],
    [
      'a param named like an Object member',
      'access_denied_message',
      { constructor: 'x' },
      'Access from IP address {ip} is restricted.',
    ],
  ])('%s', (_name, key, params, expected) => {
    expect(translate(CATALOG, key as MessageKey, params)).toBe(expected);
  });

  it('never throws on a catalog with non-string values', () => {
    const broken = { access_denied: 42 } as unknown as Catalog;
    expect(translate(broken, 'access_denied')).toBe('access_denied');
  });
});

describe('applyDocumentLanguage', () => {
  it.each<[LanguageCode, string, string]>([
    ['EN', 'en-US', 'ltr'],
    ['CN', 'zh-CN', 'ltr'],
    ['TW', 'zh-HK', 'ltr'],
    ['VI', 'vi-VN', 'ltr'],
    ['PT-BR', 'pt-BR', 'ltr'],
    ['AR', 'ar', 'rtl'],
    ['UR', 'ur-PK', 'rtl'],
    ['UR-LA', 'ur-Latn', 'ltr'],
  ])('%s → lang %s, dir %s', (code, lang, dir) => {
    applyDocumentLanguage(document, code);
    expect(document.documentElement.lang).toBe(lang);
    expect(document.documentElement.dir).toBe(dir);
  });

  it.each(ALL_LANGUAGES)('%s uses its locale-map entry', (code) => {
    applyDocumentLanguage(document, code);
    expect(document.documentElement.lang).toBe(LOCALE_MAP[code]);
  });
});
