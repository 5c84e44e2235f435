import { describe, expect, it } from 'vitest';
import { KeyEncryptionKey } from './key-encryption-key.js';

const SECRET = 'a-secret-key-that-is-long-enough-0123456789';
const PLAIN = new TextEncoder().encode('-----PKCS8 bytes-----');

describe('KeyEncryptionKey', () => {
  const kek = new KeyEncryptionKey(SECRET);

  it('opens what it sealed for the same key id, with a fresh iv each time', () => {
    const sealed = kek.seal(PLAIN, 'key-1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
    expect(kek.seal(PLAIN, 'key-1')).not.toBe(sealed);
    expect(new Uint8Array(kek.open(sealed, 'key-1') ?? [])).toEqual(PLAIN);
  });

  it('is derived from the secret alone, so instances sharing SECRET_KEY share it', () => {
    const again = new KeyEncryptionKey(SECRET);
    expect(again.id).toBe(kek.id);
    expect(again.open(kek.seal(PLAIN, 'k'), 'k')).not.toBeNull();
  });

  it.each([
    { name: 'another key id', open: (sealed: string) => kek.open(sealed, 'key-2') },
    {
      name: 'another secret',
      open: (sealed: string) => new KeyEncryptionKey(`${SECRET}!`).open(sealed, 'key-1'),
    },
    {
      name: 'a changed character',
      open: (sealed: string) =>
        kek.open(`${sealed.slice(0, 10)}${sealed[10] === 'A' ? 'B' : 'A'}${sealed.slice(11)}`, 'key-1'),
    },
    { name: 'another format', open: (sealed: string) => kek.open(sealed.replace('v1.', 'v2.'), 'key-1') },
    { name: 'a truncated text', open: () => kek.open('v1.AAAA', 'key-1') },
  ])('refuses $name', ({ open }) => {
    expect(open(kek.seal(PLAIN, 'key-1'))).toBeNull();
  });

  it('names a different secret with a different fingerprint, which reveals nothing of it', () => {
    expect(new KeyEncryptionKey(`${SECRET}!`).id).not.toBe(kek.id);
    expect(kek.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(SECRET).not.toContain(kek.id);
  });
});
