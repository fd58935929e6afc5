import type { ParseLimits } from './parse-limits.js';
import { readZipCentralDirectory } from './zip-central-directory.js';

export type ZipGuardLimits = Pick<ParseLimits, 'maxUncompressedBytes' | 'maxCompressionRatio' | 'maxArchiveEntries'>;

const ZIP_BOMB = 'The archive expands too much to be safe to open (possible zip bomb)';

/**
 * Decides from the central directory alone whether an Office archive is safe to
 * inflate. Returns the reason to refuse it, or null when it is within the limits.
 */
export function checkZipArchive(bytes: Uint8Array, limits: ZipGuardLimits): string | null {
  const entries = readZipCentralDirectory(bytes);
  if (!entries) return 'The file is damaged or incomplete';
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
