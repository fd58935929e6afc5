import jschardet from 'jschardet';

export interface DecodedText {
  text: string;
  /** The WHATWG name of the encoding the bytes were decoded from. */
  encoding: string;
}

const SAMPLE_BYTES = 64 * 1024;
/** Beyond this share of control characters the bytes are data, not text. */
const MAX_CONTROL_SHARE = 0.02;

/**
 * Decodes bytes that are text in some encoding: a byte-order mark wins, then UTF-8 when
 * the bytes are valid UTF-8, then UTF-16 told by its zero bytes, then jschardet's guess.
 * Null when the bytes do not read as text.
 */
export function decodeText(bytes: Uint8Array): DecodedText | null {
  const encoding = detectEncoding(bytes);
  if (!encoding) return null;
  let text: string;
  try {
    // The decoder strips a byte-order mark matching its encoding.
    text = new TextDecoder(encoding, { fatal: encoding === 'utf-8' }).decode(bytes);
  } catch {
    return null;
  }
  return looksLikeText(text) ? { text, encoding: new TextDecoder(encoding).encoding } : null;
}

function detectEncoding(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const utf16 = detectUtf16WithoutMark(sample);
  if (utf16) return utf16;
  if (sample.includes(0)) return null;
  if (isUtf8(bytes)) return 'utf-8';
  const guess = jschardet.detect(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength));
  if (!guess.encoding) return null;
  try {
    return new TextDecoder(guess.encoding).encoding;
  } catch {
    return null;
  }
}

/** Mostly-Latin UTF-16 has a zero in (nearly) every other byte. */
function detectUtf16WithoutMark(sample: Uint8Array): string | null {
  if (sample.length < 2 || sample.length % 2 !== 0) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let index = 0; index < sample.length; index++) {
    if (sample[index] === 0) {
      if (index % 2 === 0) zeroEven++;
      else zeroOdd++;
    }
  }
  const pairs = sample.length / 2;
  if (zeroOdd > pairs * 0.9 && zeroEven === 0) return 'utf-16le';
  if (zeroEven > pairs * 0.9 && zeroOdd === 0) return 'utf-16be';
  return null;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function looksLikeText(text: string): boolean {
  const sample = text.slice(0, SAMPLE_BYTES);
  let controls = 0;
  for (let index = 0; index < sample.length; index++) {
    if (isBinaryControl(sample.charCodeAt(index))) controls++;
  }
  return controls <= sample.length * MAX_CONTROL_SHARE;
}

/** C0 controls other than tab, line feed, form feed and carriage return, and DEL: rare in text. */
function isBinaryControl(code: number): boolean {
  return code <= 0x08 || code === 0x0b || (code >= 0x0e && code <= 0x1f) || code === 0x7f;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
