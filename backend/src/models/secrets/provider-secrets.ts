import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the format, so that a later scheme can be told apart from this one. */
const FORMAT = 'v1';

/**
 * Encrypts provider API keys at rest with AES-256-GCM. The key is derived from the
 * configured secret, so any string of 32 or more characters serves.
 */
export class ProviderSecrets {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'docent model provider api keys', 32));
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  }

  /** Throws when the value was not encrypted with this secret or was altered. */
  decrypt(encrypted: string): string {
    const [format, payload] = encrypted.split(':');
    if (format !== FORMAT || payload === undefined) throw new Error('Unknown encrypted key format');
    const bytes = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv(ALGORITHM, this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

/** Below this length the first and last characters together would give too much of the key away. */
const SHORTEST_KEY_SHOWN_IN_PART = 12;

/** The only form in which a provider key ever leaves the server: `sk-…3f9a`, or `••••` for short keys. */
export function maskApiKey(key: string): string {
  if (key.length < SHORTEST_KEY_SHOWN_IN_PART) return '••••';
  return `${key.slice(0, 3)}…${key.slice(-4)}`;
}

/** Removes the key from a provider's error message, in case the provider echoes it back. */
export function redactKey(message: string, key: string | undefined): string {
  return key ? message.split(key).join(maskApiKey(key)) : message;
}
