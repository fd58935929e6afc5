import { describe, expect, it } from '@jest/globals';
import { MAX_FILE_NAME_LENGTH, UNTITLED_DOCUMENT, safeFileName } from './file-name.js';

describe('safeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system32\\config.txt', 'config.txt'],
    ['/absolute/path/notes.md', 'notes.md'],
    ['bad\u0000name\u0007.txt', 'badname.txt'],
    ['line\nbreak.txt', 'line break.txt'],
    ['invoice\u202Etxt.exe', 'invoicetxt.exe'],
    ['  spaced   out  .docx ', 'spaced out .docx'],
    ['.hidden', 'hidden'],
    ['...', UNTITLED_DOCUMENT],
    ['', UNTITLED_DOCUMENT],
    ['folder/', UNTITLED_DOCUMENT],
    ['Cafe\u0301.txt', 'Café.txt'],
  ])('turns %j into %j', (sent, expected) => {
    expect(safeFileName(sent)).toBe(expected);
  });

  it('shortens a long name and keeps its extension', () => {
    const name = safeFileName(`${'a'.repeat(400)}.xlsx`);

    expect([...name]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('.xlsx')).toBe(true);
  });
});
