import { describe, expect, it } from '@jest/globals';
import { chunkHeader, documentTitle } from './chunk-header.js';

describe('contextual chunk headers', () => {
  it('title a document by its file name without the extension', () => {
    expect(documentTitle('Quarterly report.final.pdf')).toBe('Quarterly report.final');
    expect(documentTitle('README')).toBe('README');
    expect(documentTitle('.env')).toBe('.env');
  });

  it('put the title above the headings, outermost first', () => {
    expect(chunkHeader('handbook', { headingPath: ['Leave', 'Parental leave'] })).toBe(
      'handbook › Leave › Parental leave',
    );
    expect(chunkHeader('notes', {})).toBe('notes');
    expect(chunkHeader('', {})).toBe('');
  });
});
