import { describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { DEFAULT_PARSE_LIMITS } from './parse-limits.js';
import { docxFixture, zipBombDocxFixture } from './parsing-fixtures.test-utils.js';
import { checkZipArchive } from './zip-guard.js';

const ZIP_BOMB = 'The archive expands too much to be safe to open (possible zip bomb)';

describe('checkZipArchive', () => {
  it('accepts an ordinary Office document', async () => {
    expect(checkZipArchive(await docxFixture(), DEFAULT_PARSE_LIMITS)).toBeNull();
  });

  it('refuses an entry that expands more than the allowed ratio', async () => {
    expect(checkZipArchive(await zipBombDocxFixture(20), DEFAULT_PARSE_LIMITS)).toBe(ZIP_BOMB);
  });

  it('refuses an archive that expands beyond the total size, read from the central directory', async () => {
    const bytes = await docxFixture();

    expect(checkZipArchive(bytes, { ...DEFAULT_PARSE_LIMITS, maxUncompressedBytes: 10_000 })).toBe(ZIP_BOMB);
  });

  it('refuses an archive with too many entries', async () => {
    const zip = new JSZip();
    for (let index = 0; index < 12; index++) zip.file(`part${index}.xml`, '<a/>');

    expect(
      checkZipArchive(await zip.generateAsync({ type: 'uint8array' }), {
        ...DEFAULT_PARSE_LIMITS,
        maxArchiveEntries: 10,
      }),
    ).toBe('The archive has too many entries to be safe to open (more than 10)');
  });

  it('refuses bytes without a readable central directory', async () => {
    const bytes = await docxFixture();

    expect(checkZipArchive(bytes.subarray(0, bytes.length - 100), DEFAULT_PARSE_LIMITS)).toBe(
      'The file is damaged or incomplete',
    );
  });
});
