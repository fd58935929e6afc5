import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * The web server calls the API on behalf of browsers, so the API sees the web server's
 * address, not the browser's. The web server names the browser's address in this header
 * and proves with the proof header that it, and not some other caller, said so.
 */
export const CLIENT_ADDRESS_HEADER = 'x-docent-client-address';
export const CLIENT_ADDRESS_PROOF_HEADER = 'x-docent-client-address-proof';

/** A proof is made just before the call it rides on: a minute covers the call and clock drift between processes. */
const PROOF_LIFETIME_MS = 60_000;

const keys = new Map<string, Buffer>();

/** Its own key, derived from the session secret the web server and the API share, so neither use weakens the other. */
function forwardingKey(sessionSecret: string): Buffer {
  let key = keys.get(sessionSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, '', 'docent client address forwarding', 32));
    keys.set(sessionSecret, key);
  }
  return key;
}

const mac = (sessionSecret: string, address: string, issuedAt: number) =>
  createHmac('sha256', forwardingKey(sessionSecret)).update(`${issuedAt}\n${address}`).digest();

/** The headers the web server adds to its API calls for the browser at `address`. */
export function clientAddressHeaders(sessionSecret: string, address: string, now = Date.now()): Record<string, string> {
  return {
    [CLIENT_ADDRESS_HEADER]: address,
    [CLIENT_ADDRESS_PROOF_HEADER]: `${now}.${mac(sessionSecret, address, now).toString('base64url')}`,
  };
}

type HeaderValue = string | string[] | undefined;

/** The forwarded address when its proof is authentic and fresh, else null. */
export function verifiedClientAddress(
  sessionSecret: string,
  headers: Record<string, HeaderValue>,
  now = Date.now(),
): string | null {
  const address = headers[CLIENT_ADDRESS_HEADER];
  const proof = headers[CLIENT_ADDRESS_PROOF_HEADER];
  if (typeof address !== 'string' || typeof proof !== 'string' || isIP(address) === 0) return null;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(proof);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  if (Math.abs(now - issuedAt) > PROOF_LIFETIME_MS) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(sessionSecret, address, issuedAt);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}
