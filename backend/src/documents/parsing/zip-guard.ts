import { createInflateRaw } from 'node:zlib';
import type { ParseLimits } from './parse-limits.js';
import { readZipCentralDirectory, type ZipEntry } from './zip-central-directory.js';

export type ZipGuardLimits = Pick<ParseLimits, 'maxUncompressedBytes' | 'maxCompressionRatio' | 'maxArchiveEntries'>;

export interface ZipArchiveCheck {
  /** Why the archive must not be opened, or null when it is within the limits. */
  refusal: string | null;
  /** How many bytes its deflated entries inflated to while being checked. */
  inflatedBytes: number;
}

const DAMAGED = 'The file is damaged or incomplete';
const ZIP_BOMB = 'The archive expands too much to be safe to open (possible zip bomb)';
const SIZES_LIE = 'The archive expands beyond the sizes it declares, so it is not safe to open (possible zip bomb)';

const LOCAL_FILE_HEADER = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;
const STORED = 0;
const DEFLATED = 8;
/** Inflated bytes are counted, then dropped, this many at a time. */
const INFLATE_CHUNK_BYTES = 64 * 1024;

/**
 * Decides whether an Office archive is safe to open. The sizes its central directory
 * declares must be within the limits; then each entry is inflated, its output counted
 * and dropped, and stopped at the first byte beyond its declared size, since the
 * parsers' archive library inflates an entry in full before it compares sizes. An
 * archive that passes expands to no more than it declares, and so within the limits.
 */
export async function checkZipArchive(bytes: Uint8Array, limits: ZipGuardLimits): Promise<ZipArchiveCheck> {
  const entries = readZipCentralDirectory(bytes);
  if (!entries) return { refusal: DAMAGED, inflatedBytes: 0 };
  const declaredRefusal = checkDeclaredSizes(entries, limits);
  if (declaredRefusal) return { refusal: declaredRefusal, inflatedBytes: 0 };

  let inflatedBytes = 0;
  for (const entry of entries) {
    const data = entryData(bytes, entry);
    if (!data) return { refusal: DAMAGED, inflatedBytes };
    if (entry.compressionMethod === STORED) {
      if (data.byteLength > entry.uncompressedSize) return { refusal: SIZES_LIE, inflatedBytes };
      continue;
    }
    if (entry.compressionMethod !== DEFLATED) return { refusal: DAMAGED, inflatedBytes };
    const inflated = await inflateUpTo(data, entry.uncompressedSize);
    inflatedBytes += inflated.bytes;
    if (inflated.outcome !== 'within')
      return { refusal: inflated.outcome === 'beyond' ? SIZES_LIE : DAMAGED, inflatedBytes };
  }
  return { refusal: null, inflatedBytes };
}

function checkDeclaredSizes(entries: ZipEntry[], limits: ZipGuardLimits): string | null {
  if (entries.length > limits.maxArchiveEntries) {
    return `The archive has too many entries to be safe to open (more than ${limits.maxArchiveEntries})`;
  }
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    // An empty compressed entry can only expand to nothing; anything else is a bomb.
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (ratio > limits.maxCompressionRatio || total > limits.maxUncompressedBytes) return ZIP_BOMB;
  }
  return null;
}

/** The entry's compressed bytes, found through its local header as archive readers find them; null when out of bounds. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const header = entry.localHeaderOffset;
  if (header + LOCAL_HEADER_SIZE > bytes.byteLength) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(header, true) !== LOCAL_FILE_HEADER) return null;
  const start = header + LOCAL_HEADER_SIZE + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  return end <= bytes.byteLength ? bytes.subarray(start, end) : null;
}

/** Inflates raw deflate data, keeping nothing, until it ends or passes `limit` bytes. */
async function inflateUpTo(
  data: Uint8Array,
  limit: number,
): Promise<{ outcome: 'within' | 'beyond' | 'damaged'; bytes: number }> {
  const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES });
  inflater.end(data);
  let bytes = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      // Leaving the loop destroys the inflater, which stops there.
      if (bytes > limit) return { outcome: 'beyond', bytes };
    }
  } catch {
    return { outcome: 'damaged', bytes };
  }
  return { outcome: 'within', bytes };
}
