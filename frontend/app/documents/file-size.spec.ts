import { formatFileSize } from '@docent/common/documents';
import { describe, expect, it } from '@jest/globals';
import { formatSize } from './file-size';

const MB = 1024 * 1024;

describe('a size in the page language', () => {
  it("is the spec's form in English", () => {
    for (const bytes of [0, 120, 1536, 51 * MB, 3.25 * 1024 * MB]) {
      expect(formatSize(bytes, 'en')).toBe(formatFileSize(bytes));
    }
  });

  it("uses the language's decimal comma and units elsewhere", () => {
    // French separates the unit with a narrow no-break space.
    const spaced = (text: string) => text.replace(/\s/gu, ' ');
    expect(spaced(formatSize(51 * MB, 'de'))).toBe('51,0 MB');
    expect(spaced(formatSize(51 * MB, 'fr'))).toBe('51,0 Mo');
    expect(spaced(formatSize(1536, 'es'))).toBe('1,5 kB');
  });
});
