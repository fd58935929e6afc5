import { describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { DEFAULT_PARSE_LIMITS } from './parse-limits.js';
import {
  docxFixture,
  largeDocxFixture,
  lyingSizesDocxFixture,
  zipBombDocxFixture,
} from './parsing-fixtures.test-utils.js';
import { readZipCentralDirectory } from './zip-central-directory.js';
import { checkZipArchive } from './zip-guard.js';

const ZIP_BOMB = 'The archive expands too much to be safe to open (possible zip bomb)';
const SIZES_LIE = 'The archive expands beyond the sizes it declares, so it is not safe to open (possible zip bomb)';
const MB = 1024 * 1024;

const refusalOf = async (bytes: Uint8Array, limits = DEFAULT_PARSE_LIMITS) =>
  (await checkZipArchive(bytes, limits)).refusal;

describe('checkZipArchive', () => {
  it('accepts an ordinary Office document', async () => {
    expect(await refusalOf(await docxFixture())).toBeNull();
  });

  it('refuses an entry that expands more than the allowed ratio', async () => {
    expect(await refusalOf(await zipBombDocxFixture(20))).toBe(ZIP_BOMB);
  });

  it('refuses an archive that expands beyond the total size, read from the central directory', async () => {
    const bytes = await docxFixture();

    expect(await refusalOf(bytes, { ...DEFAULT_PARSE_LIMITS, maxUncompressedBytes: 10_000 })).toBe(ZIP_BOMB);
  });

  it('refuses an archive with too many entries', async () => {
    const zip = new JSZip();
    for (let index = 0; index < 12; index++) zip.file(`part${index}.xml`, '<a/>');

    expect(
      await refusalOf(await zip.generateAsync({ type: 'uint8array' }), {
        ...DEFAULT_PARSE_LIMITS,
        maxArchiveEntries: 10,
      }),
    ).toBe('The archive has too many entries to be safe to open (more than 10)');
  });

  it('refuses bytes without a readable central directory', async () => {
    const bytes = await docxFixture();

    expect(await refusalOf(bytes.subarray(0, bytes.length - 100))).toBe('The file is damaged or incomplete');
  });

  it('refuses a 1 MB DOCX whose entry inflates to 1 GB while declaring 10 kB, stopping soon past the 10 kB', async () => {
    const bytes = lyingSizesDocxFixture(1024, 10_000);
    expect(bytes.length).toBeLessThan(2 * MB);
    expect(readZipCentralDirectory(bytes)?.find((entry) => entry.name === 'word/document.xml')).toMatchObject({
      uncompressedSize: 10_000,
    });

    const check = await checkZipArchive(bytes, DEFAULT_PARSE_LIMITS);

    expect(check.refusal).toBe(SIZES_LIE);
    expect(check.inflatedBytes).toBeGreaterThan(10_000);
    expect(check.inflatedBytes).toBeLessThan(MB);
  });

  it('inflates an honest large archive in full, to exactly the sizes it declares, and accepts it', async () => {
    const bytes = await largeDocxFixture(40_000);
    const declared = readZipCentralDirectory(bytes)!.reduce((total, entry) => total + entry.uncompressedSize, 0);
    expect(declared).toBeGreaterThan(5 * MB);

    expect(await checkZipArchive(bytes, DEFAULT_PARSE_LIMITS)).toEqual({ refusal: null, inflatedBytes: declared });
  });
});
