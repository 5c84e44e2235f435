import { describe, expect, it } from 'vitest';
import { PasskeyErrorCode } from '@wps/contract/passkeys';
import { DomainError } from '../../errors.js';
import { parseHost } from '../../merchants/host.js';
import type { Merchant } from '../../merchants/repository.js';
import { relyingPartyFor } from './relying-party.js';

const merchant = { name: 'Lotus Games' } as Merchant;
const domains = ['lotus.example', 'm.lotus.example', 'lotus.localhost', 'localhost', '127.0.0.1', '[::1]'];

function rpOf(rawHost: string) {
  const host = parseHost(rawHost);
  if (host === null) throw new Error(`not a host: ${rawHost}`);
  return relyingPartyFor(merchant, domains, host);
}

describe('relyingPartyFor', () => {
  const accepted: [string, string, string[]][] = [
    ['lotus.example', 'lotus.example', ['https://lotus.example']],
    ['LOTUS.Example.', 'lotus.example', ['https://lotus.example']],
    ['m.lotus.example:443', 'm.lotus.example', ['https://m.lotus.example']],
    ['lotus.example:8443', 'lotus.example', ['https://lotus.example', 'https://lotus.example:8443']],
    // Browsers allow WebAuthn on plain http for localhost names only.
    [
      'localhost:5173',
      'localhost',
      ['https://localhost', 'https://localhost:5173', 'http://localhost', 'http://localhost:5173'],
    ],
    ['lotus.localhost', 'lotus.localhost', ['https://lotus.localhost', 'http://lotus.localhost']],
  ];
  it.each(accepted)('%s → rp id %s', (host, id, origins) => {
    expect(rpOf(host)).toEqual({ id, name: 'Lotus Games', origins });
  });

  const refused: [string, string][] = [
    ['an IPv4 address, even a registered one', '127.0.0.1'],
    ['an IPv6 address, even a registered one', '[::1]:8080'],
    ['a domain of no merchant', 'evil.example'],
    ['a parent of a registered domain', 'example'],
    ['a child of a registered domain', 'x.lotus.example'],
    ['a look-alike', 'lotus.example.evil.example'],
  ];
  it.each(refused)('refuses %s (%s)', (_name, host) => {
    expect(() => rpOf(host)).toThrow(DomainError);
    try {
      rpOf(host);
    } catch (error) {
      expect((error as DomainError).code).toBe(PasskeyErrorCode.UNAVAILABLE);
    }
  });
});
