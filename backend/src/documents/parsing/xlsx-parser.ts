import ExcelJS from 'exceljs';
import { buildParsedDocument } from './build-parsed-document.js';
import type { DocumentBlock, ParsedDocument } from './parsed-document.js';
import { UnreadableDocumentError } from './unreadable-document.error.js';

/** Rows per block: small enough to point at, large enough not to shred a table. */
const ROWS_PER_BLOCK = 50;

/**
 * Spreadsheets: each sheet's first row names the columns; every later row becomes a
 * line 'Header: value; Header: value' of its non-empty cells, in blocks of
 * ROWS_PER_BLOCK rows that carry the sheet name and the number of their first row.
 * Only rows and cells that exist are visited, so a huge declared used range costs
 * nothing; more than maxCells non-empty cells are refused.
 */
export async function parseXlsx(bytes: Uint8Array, maxCells: number): Promise<ParsedDocument> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw new UnreadableDocumentError('The file is damaged or incomplete');
  }
  const blocks: DocumentBlock[] = [];
  let cells = 0;
  for (const worksheet of workbook.worksheets) {
    const rows: SheetRow[] = [];
    worksheet.eachRow((row, number) => {
      const values = new Map<number, string>();
      row.eachCell((cell, column) => {
        const text = cellText(cell).trim();
        if (text !== '') values.set(column, text);
      });
      cells += values.size;
      if (cells > maxCells) {
        throw new UnreadableDocumentError(`The spreadsheet has too many cells (more than ${maxCells})`);
      }
      if (values.size > 0) rows.push({ number, cells: values });
    });
    blocks.push(...sheetBlocks(worksheet.name, rows));
  }
  return buildParsedDocument('XLSX', blocks, { pages: workbook.worksheets.length });
}

interface SheetRow {
  number: number;
  cells: Map<number, string>;
}

function sheetBlocks(sheet: string, rows: SheetRow[]): DocumentBlock[] {
  // A lone row is data, not headers.
  const headers = rows.length > 1 ? rows[0]!.cells : new Map<number, string>();
  const dataRows = rows.length > 1 ? rows.slice(1) : rows;
  const blocks: DocumentBlock[] = [];
  for (let start = 0; start < dataRows.length; start += ROWS_PER_BLOCK) {
    const group = dataRows.slice(start, start + ROWS_PER_BLOCK);
    const lines = group.map(({ cells }) =>
      [...cells].map(([column, value]) => `${headers.get(column) ?? columnLetters(column)}: ${value}`).join('; '),
    );
    blocks.push({ text: lines.join('\n'), position: { sheet, row: group[0]!.number } });
  }
  return blocks;
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.type === ExcelJS.ValueType.Formula ? cell.result : cell.value;
  // Dates print as ISO dates rather than the engine's long Date.toString().
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, '');
  return cell.text;
}

function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}
