import { describe, expect, it } from '@jest/globals';
import { parseDocx } from './docx-parser.js';
import { docxFixture } from './parsing-fixtures.test-utils.js';

describe('parseDocx', () => {
  it('starts a block at every heading, with the path of headings above it', async () => {
    const document = await parseDocx(await docxFixture());

    expect(document.blocks).toEqual([
      { text: 'Preface before any heading.', position: { headingPath: [] } },
      { text: 'Installation\nRun the installer and follow the steps.', position: { headingPath: ['Installation'] } },
      {
        text: 'Requirements\nA computer with two cores.\nComponent | Version\nNode | 22',
        position: { headingPath: ['Installation', 'Requirements'] },
      },
      { text: 'Usage\nOpen the application and upload documents.', position: { headingPath: ['Usage'] } },
    ]);
  });

  it('reports the type, words and language of the text', async () => {
    const document = await parseDocx(await docxFixture());

    expect(document.type).toBe('DOCX');
    expect(document.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(document.text).toBe(document.blocks.map((block) => block.text).join('\n\n'));
    expect(document.metadata).toEqual({ pages: 1, words: 31, language: 'eng' });
  });
});
