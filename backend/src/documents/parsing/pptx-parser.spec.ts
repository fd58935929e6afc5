import { describe, expect, it } from '@jest/globals';
import { pptxFixture } from './parsing-fixtures.test-utils.js';
import { parsePptx } from './pptx-parser.js';

describe('parsePptx', () => {
  it('gives each slide its text in reading order and its notes as a separate block', async () => {
    const document = await parsePptx(await pptxFixture());

    expect(document.blocks).toEqual([
      { text: 'Quarterly review\nRevenue grew in every region.', position: { slide: 1 } },
      { text: 'Mention the new office.', position: { slide: 1, notes: true } },
      { text: 'Next steps', position: { slide: 2 } },
    ]);
    expect(document.metadata).toMatchObject({ pages: 2, words: 13 });
  });
});
