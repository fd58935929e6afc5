/** Real files for the parsing tests, written by the libraries people export them with. */
import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
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

/**
 * A DOCX whose document part declares `declaredBytes` in the archive's headers but
 * inflates to `inflatedMegabytes` MB of zeros: about a kilobyte per megabyte, built
 * without ever holding the inflated bytes.
 */
export function lyingSizesDocxFixture(inflatedMegabytes: number, declaredBytes: number): Uint8Array {
  // One megabyte of zeros as non-final blocks ending on a byte boundary (a sync flush):
  // repeated, they inflate to as many megabytes; an empty final block ends the stream.
  const megabyte = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  const finalBlock = Buffer.from([0x03, 0x00]);
  return zipArchive([
    honestZipEntry('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
    {
      name: 'word/document.xml',
      compressed: Buffer.concat([...Array.from({ length: inflatedMegabytes }, () => megabyte), finalBlock]),
      uncompressedSize: declaredBytes,
      crc: 0,
    },
  ]);
}

/** A DOCX of `paragraphs` paragraphs of varied words: large, yet within every limit and honest about its sizes. */
export async function largeDocxFixture(paragraphs: number): Promise<Uint8Array> {
  const words = ['bone', 'signal', 'receptor', 'cell', 'growth', 'mouse', 'protein', 'clock', 'gene', 'tissue', 'dose'];
  let seed = 1;
  const nextWord = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return `${words[seed % words.length]}${seed % 97}`;
  };
  const body = Array.from({ length: paragraphs }, () => {
    const sentence = Array.from({ length: 12 }, nextWord).join(' ');
    return `<w:p><w:r><w:t>${sentence}.</w:t></w:r></w:p>`;
  }).join('');
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

interface ZipFixtureEntry {
  name: string;
  /** Raw deflate data. */
  compressed: Uint8Array;
  /** What the headers declare, true or not. */
  uncompressedSize: number;
  crc: number;
}

function honestZipEntry(name: string, text: string): ZipFixtureEntry {
  const content = Buffer.from(text);
  return { name, compressed: deflateRawSync(content), uncompressedSize: content.length, crc: crc32(content) };
}

/** A ZIP archive of deflated entries, its local and central headers declaring what each entry says. */
function zipArchive(entries: ZipFixtureEntry[]): Uint8Array {
  const localParts: Uint8Array[] = [];
  const centralParts: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(entry.uncompressedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    localParts.push(local, name, entry.compressed);
    centralParts.push(central, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centralParts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...localParts, directory, end]);
}
