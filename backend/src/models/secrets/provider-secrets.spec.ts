import { describe, expect, it } from '@jest/globals';
import { maskApiKey, ProviderSecrets, redactKey } from './provider-secrets.js';

const secrets = new ProviderSecrets('a'.repeat(32));

describe('ProviderSecrets', () => {
  it('decrypts what it encrypted, and never stores the plaintext', () => {
    const encrypted = secrets.encrypt('sk-live-1234567890abcdef');

    expect(encrypted).not.toContain('sk-live');
    expect(secrets.decrypt(encrypted)).toBe('sk-live-1234567890abcdef');
  });

  it('encrypts the same key differently each time', () => {
    expect(secrets.encrypt('sk-same')).not.toBe(secrets.encrypt('sk-same'));
  });

  it('refuses a value encrypted with another secret or altered', () => {
    const encrypted = secrets.encrypt('sk-live-1234567890abcdef');
    const altered = `${encrypted.slice(0, -4)}AAAA`;

    // AES-GCM's authentication fails, in Node's words.
    expect(() => new ProviderSecrets('b'.repeat(32)).decrypt(encrypted)).toThrow(
      'Unsupported state or unable to authenticate data',
    );
    expect(() => secrets.decrypt(altered)).toThrow('Unsupported state or unable to authenticate data');
    expect(() => secrets.decrypt('plain text')).toThrow(/format/);
  });
});

describe('maskApiKey', () => {
  it.each([
    ['sk-proj-abcdefghijkl3f9a', 'sk-…3f9a'],
    ['abcdefghijkl', 'abc…ijkl'],
    ['short-key', '••••'],
    ['', '••••'],
  ])('masks %s as %s', (key, masked) => {
    expect(maskApiKey(key)).toBe(masked);
  });
});

describe('redactKey', () => {
  it('replaces every occurrence of the key with its masked form', () => {
    expect(redactKey('bad key sk-proj-abcdefghijkl3f9a (sk-proj-abcdefghijkl3f9a)', 'sk-proj-abcdefghijkl3f9a')).toBe(
      'bad key sk-…3f9a (sk-…3f9a)',
    );
    expect(redactKey('no key here', undefined)).toBe('no key here');
  });
});
