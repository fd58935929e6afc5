import { describe, expect, it } from '@jest/globals';
import { hugeUsedRangeXlsxFixture, xlsxFixture } from './parsing-fixtures.test-utils.js';
import { parseXlsx } from './xlsx-parser.js';

describe('parseXlsx', () => {
  it('renders each row with the header names of its sheet', async () => {
    const document = await parseXlsx(await xlsxFixture(), 1_000_000);

    expect(document.blocks).toEqual([
      {
        text: 'Name: Ada Lovelace; Role: Engineer; Started: 2021-03-15\nName: Grace Hopper; Role: Admiral',
        position: { sheet: 'Staff', row: 2 },
      },
      { text: 'Item: Servers; Cost: 1200; C: 2400', position: { sheet: 'Budget', row: 2 } },
    ]);
    expect(document.metadata.pages).toBe(2);
  });

  it('reads only the rows that exist in a huge used range, quickly', async () => {
    const bytes = await hugeUsedRangeXlsxFixture();
    const started = performance.now();

    const document = await parseXlsx(bytes, 1_000_000);

    expect(performance.now() - started).toBeLessThan(2_000);
    expect(document.blocks).toEqual([{ text: 'ALL: far away', position: { sheet: 'Sparse', row: 1_000_000 } }]);
  });

  it('refuses a spreadsheet with more cells than allowed', async () => {
    await expect(parseXlsx(await xlsxFixture(), 5)).rejects.toThrow('The spreadsheet has too many cells (more than 5)');
  });
});
