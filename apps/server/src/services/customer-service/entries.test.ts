import type { CustomerServiceEntry } from '@wps/contract/system';
import { describe, expect, it } from 'vitest';
import { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { openCustomerService, sealCustomerService, sealCustomerServicePath } from './entries.js';

const kek = new KeyEncryptionKey('test-secret-key-not-for-production-0123456789');
const otherKek = new KeyEncryptionKey('another-secret-key-not-for-production-98765');

function entry(path: string, extra: Partial<CustomerServiceEntry> = {}): CustomerServiceEntry {
  return { path, csType: 'LINK', csPosition: 'HOME', labelIds: [], ...extra };
}

describe('customer-service paths at rest', () => {
  it('round trip: sealed paths are not readable, and open to the same entries', () => {
    const entries = [
      entry('/m/supportChat?title=VIP%20desk', { csType: 'CHAT', labelIds: ['VIP2'] }),
      entry('https://help.example.com/chat', { csPosition: 'MAINTENANCE' }),
    ];
    const sealed = sealCustomerService(kek, 'aurora', entries);
    for (const [index, each] of sealed.entries()) {
      expect(each.path).toMatch(/^v1\./);
      expect(each.path).not.toContain(entries[index]?.path.slice(1, 8));
    }
    expect(openCustomerService(kek, 'aurora', sealed)).toEqual([
      entries[0],
      { ...entries[1], path: 'https://help.example.com/chat' },
    ]);
  });

  const good = sealCustomerServicePath(kek, 'aurora', '/m/supportChat');
  const flip = (text: string, at: number) => {
    const body = Buffer.from(text.slice(3), 'base64');
    body[at] = (body[at] ?? 0) ^ 1;
    return `v1.${body.toString('base64')}`;
  };
  // [case, stored path, opened for merchant, kek]
  it.each<[string, string, string, KeyEncryptionKey]>([
    ['plain text (never sealed)', '/m/supportChat', 'aurora', kek],
    ['sealed for another merchant', good, 'lotus', kek],
    ['sealed under another SECRET_KEY', good, 'aurora', otherKek],
    ['a flipped ciphertext byte', flip(good, 14), 'aurora', kek],
    ['a flipped tag byte', flip(good, Buffer.from(good.slice(3), 'base64').length - 1), 'aurora', kek],
    ['a flipped iv byte', flip(good, 0), 'aurora', kek],
    ['truncated', good.slice(0, 20), 'aurora', kek],
    ['another format', `v2.${good.slice(3)}`, 'aurora', kek],
    ['empty', '', 'aurora', kek],
  ])('%s → dropped', (_case, path, merchant, key) => {
    expect(openCustomerService(key, merchant, [entry(path)])).toEqual([]);
  });

  // Sealed properly, but what they open to is not a link to show (spec section 5).
  it.each<[string, string, Partial<CustomerServiceEntry>]>([
    ['javascript:', 'javascript:alert(1)', {}],
    ['JavaScript: with a tab', 'java\tscript:alert(1)', {}],
    ['data:', 'data:text/html,<script>alert(1)</script>', {}],
    ['protocol-relative', '//evil.example/chat', {}],
    ['backslash host', '/\\evil.example', {}],
    ['backslashes', '\\\\evil.example', {}],
    ['encoded double slash', '/%2F%2Fevil.example', {}],
    ['encoded backslash', '/%5Cevil.example', {}],
    ['tab then slash', '/\t/evil.example', {}],
    ['credentials in an address', 'https://user:pw@evil.example/', {}],
    ['ftp', 'ftp://files.example.com/', {}],
    ['a CHAT entry that is not the chat', '/m/home', { csType: 'CHAT' }],
    ['a CHAT entry off-site', 'https://evil.example/m/supportChat', { csType: 'CHAT' }],
    ['unknown type', '/m/supportChat', { csType: 'VIDEO' as never }],
    ['unknown position', '/m/supportChat', { csPosition: 'FOOTER' as never }],
    ['label ids not strings', '/m/supportChat', { labelIds: [7] as never }],
  ])('opens to %s → dropped', (_case, path, extra) => {
    const sealed = sealCustomerService(kek, 'aurora', [entry(path, extra)]);
    expect(openCustomerService(kek, 'aurora', sealed)).toEqual([]);
  });

  it('drops only the bad entries of a list', () => {
    const sealed = sealCustomerService(kek, 'aurora', [
      entry('javascript:alert(1)'),
      entry('/m/supportChat', { csType: 'CHAT' }),
    ]);
    expect(openCustomerService(kek, 'aurora', sealed).map((each) => each.path)).toEqual(['/m/supportChat']);
  });
});
