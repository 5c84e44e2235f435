import { describe, expect, it } from 'vitest';
import { SealedTokens } from './sealed-token.js';

const SECRET = 'a-secret-key-that-is-long-enough-0123456789';
const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const tokens = new SealedTokens<{ s: string }>(SECRET, 'line session', 60_000);

describe('SealedTokens', () => {
  it('opens what it sealed, for the same merchant, until it expires; each seal differs', () => {
    const token = tokens.seal({ s: 'U1' }, 2, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(tokens.seal({ s: 'U1' }, 2, NOW)).not.toBe(token);
    expect(tokens.open(token, 2, NOW + 59_999)).toEqual({ s: 'U1' });
    expect(tokens.open(token, 2, NOW + 60_000)).toBeNull();
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('U1');
  });

  it.each([
    { name: 'another merchant', open: (token: string) => tokens.open(token, 3, NOW) },
    {
      name: 'another purpose',
      open: (token: string) =>
        new SealedTokens<{ s: string }>(SECRET, 'fake line code', 60_000).open(token, 2, NOW),
    },
    {
      name: 'another secret',
      open: (token: string) =>
        new SealedTokens<{ s: string }>(`${SECRET}!`, 'line session', 60_000).open(token, 2, NOW),
    },
    {
      name: 'a changed character',
      open: (token: string) =>
        tokens.open(`${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`, 2, NOW),
    },
    { name: 'a truncated token', open: (token: string) => tokens.open(token.slice(0, 30), 2, NOW) },
    { name: 'characters outside base64url', open: (token: string) => tokens.open(`${token}=`, 2, NOW) },
    { name: 'an empty text', open: () => tokens.open('', 2, NOW) },
  ])('refuses $name', ({ open }) => {
    expect(open(tokens.seal({ s: 'U1' }, 2, NOW))).toBeNull();
  });
});
