/** Real files for the parsing tests, written by the libraries people export them with. */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import JSZip from 'jszip';
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import pptxgenjs from 'pptxgenjs';

// pptxgenjs's typings describe a CommonJS module (the class under .default), but its
// ES build, which an import loads, exports the class itself as default.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;

export async function docxFixture(): Promise<Uint8Array> {
  const cell = (text: string): TableCell => new TableCell({ children: [new Paragraph(text)] });
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph('Preface before any heading.'),
          new Paragraph({ text: 'Installation', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('Run the installer and follow the steps.'),
          new Paragraph({ text: 'Requirements', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('A computer with two cores.'),
          new Table({
            rows: [
              new TableRow({ children: [cell('Component'), cell('Version')] }),
              new TableRow({ children: [cell('Node'), cell('22')] }),
            ],
          }),
          new Paragraph({ text: 'Usage', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('Open the application and upload documents.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export async function xlsxFixture(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const staff = workbook.addWorksheet('Staff');
  staff.addRows([
    ['Name', 'Role', 'Started'],
    ['Ada Lovelace', 'Engineer', new Date(Date.UTC(2021, 2, 15))],
    ['Grace Hopper', 'Admiral', null],
  ]);
  const budget = workbook.addWorksheet('Budget');
  budget.addRows([
    ['Item', 'Cost'],
    ['Servers', 1200],
  ]);
  budget.getCell('C2').value = { formula: 'B2*2', result: 2400 };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** One header row, one data cell at row 1,000,000 column 1,000: a huge used range. */
export async function hugeUsedRangeXlsxFixture(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sparse');
  sheet.getCell(1, 1).value = 'Key';
  sheet.getCell(1_000_000, 1_000).value = 'far away';
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export async function pptxFixture(): Promise<Uint8Array> {
  const presentation = new PptxGenJS();
  const first = presentation.addSlide();
  first.addText('Quarterly review', { x: 0.5, y: 0.3, w: 9, h: 1 });
  first.addText('Revenue grew in every region.', { x: 0.5, y: 2, w: 9, h: 1 });
  first.addNotes('Mention the new office.');
  const second = presentation.addSlide();
  second.addText('Next steps', { x: 0.5, y: 0.3, w: 9, h: 1 });
  return (await presentation.write({ outputType: 'nodebuffer' })) as Uint8Array;
}

/** A 2x2 24-bit BMP image: the 'BM' signature with the file and DIB headers behind it. */
export function bmpFixture(): Uint8Array {
  const bytes = Buffer.alloc(70);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(2, 18);
  bytes.writeInt32LE(2, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  bytes.writeUInt32LE(16, 34);
  bytes.fill(0xc8, 54);
  return bytes;
}

export async function pdfFixture(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) pdf.addPage().drawText(text, { x: 50, y: 700, size: 14, font });
  return pdf.save();
}

/**
 * pdf-lib cannot encrypt, so this PDF only declares Standard-handler encryption in its
 * trailer (/Encrypt) with made-up keys that no empty password opens: what a reader
 * meets first in a password-protected file. Its streams themselves are not encrypted.
 */
export async function encryptedPdfFixture(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Secret', { x: 50, y: 700, size: 14, font });
  const key = PDFHexString.of('0123456789abcdef'.repeat(4));
  pdf.context.trailerInfo.Encrypt = pdf.context.register(
    pdf.context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -4, O: key, U: key }),
  );
  pdf.context.trailerInfo.ID = pdf.context.obj([PDFHexString.of('00ff'.repeat(8)), PDFHexString.of('00ff'.repeat(8))]);
  return pdf.save({ useObjectStreams: false });
}

/** Padding of the PDF Standard security handler (ISO 32000-1, 7.6.3.3). */
const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

/**
 * A PDF encrypted (RC4, revision 2) with an empty user password, as PDFs protected by
 * an owner password only are: any reader opens it. Its keys are genuine; its streams
 * are left as pdf-lib wrote them, since the parser refuses it before reading them.
 */
export async function ownerPasswordPdfFixture(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Restricted', { x: 50, y: 700, size: 14, font });
  const owner = Buffer.alloc(32, 7);
  const fileId = Buffer.alloc(16, 1);
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-4);
  const key = createHash('md5')
    .update(Buffer.concat([PASSWORD_PADDING, owner, permissions, fileId]))
    .digest()
    .subarray(0, 5);
  const user = rc4(key, PASSWORD_PADDING);
  pdf.context.trailerInfo.Encrypt = pdf.context.register(
    pdf.context.obj({
      Filter: 'Standard',
      V: 1,
      R: 2,
      Length: 40,
      P: -4,
      O: PDFHexString.of(owner.toString('hex')),
      U: PDFHexString.of(user.toString('hex')),
    }),
  );
  pdf.context.trailerInfo.ID = pdf.context.obj([
    PDFHexString.of(fileId.toString('hex')),
    PDFHexString.of(fileId.toString('hex')),
  ]);
  return pdf.save({ useObjectStreams: false });
}

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) % 256;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const output = Buffer.alloc(data.length);
  for (let index = 0, i = 0, j = 0; index < data.length; index++) {
    i = (i + 1) % 256;
    j = (j + state[i]!) % 256;
    [state[i], state[j]] = [state[j]!, state[i]!];
    output[index] = data[index]! ^ state[(state[i]! + state[j]!) % 256]!;
  }
  return output;
}

/** A DOCX-shaped archive whose document part inflates from kilobytes to `megabytes` of zeros. */
export async function zipBombDocxFixture(megabytes: number): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  zip.file('word/document.xml', new Uint8Array(megabytes * 1024 * 1024));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}
