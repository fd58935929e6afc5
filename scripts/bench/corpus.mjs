// A mixed corpus of the six document types, written by the libraries people export
// such files with. Deterministic: every document's content comes from a PRNG seeded
// with the corpus seed and the document's index. Large text and Markdown files make up
// whatever bytes the smaller documents leave of the requested total.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';

export const TYPES = ['PDF', 'DOCX', 'XLSX', 'PPTX', 'MD', 'TXT'];
const EXTENSIONS = { PDF: 'pdf', DOCX: 'docx', XLSX: 'xlsx', PPTX: 'pptx', MD: 'md', TXT: 'txt' };
const SHARES = { PDF: 0.2, DOCX: 0.16, XLSX: 0.14, PPTX: 0.12, MD: 0.19, TXT: 0.19 };
/** Share of the Markdown and text documents that carry the bulk of the bytes. */
const BULK_SHARE = 0.1;
const MIN_BULK_BYTES = 256 * 1024;
/** Below the server's 50 MB limit per file. */
const MAX_BULK_BYTES = 45 * 1024 * 1024;
/** Share of the PDFs that are long reports rather than a few pages. */
const LONG_PDF_SHARE = 0.1;
const FIXED_DATE = new Date(Date.UTC(2024, 0, 15));

const WORDS = `
  account action agreement analysis annual approval archive asset audit balance benefit board
  budget business capacity capital change channel claim client committee company compliance
  contract control cost council coverage customer data deadline decision delivery demand
  department deposit design detail development device director discount document draft
  employee energy engine equipment estimate evidence exchange expense facility factor feature
  finance forecast framework fund growth guidance hardware incident income index industry
  insurance interest inventory invoice issue item journal knowledge labour language lease
  ledger licence limit loan logistics maintenance manager margin market material measure
  meeting member method metric migration milestone model module network notice objective
  office operation option order outcome owner partner patient payment performance period
  permit plan platform policy portfolio position practice premium price priority procedure
  process product profit program project property proposal provider purchase quality quarter
  rate record region regulation release report request requirement research reserve resource
  response revenue review risk route safety salary sample schedule schema scope section
  security segment server service session share shipment software source staff standard
  statement status storage strategy supplier supply support survey system target task tax
  team template tenant term test ticket timeline total training transfer trend update usage
  user value vendor version volume warehouse warranty workflow
  accepted active additional annual approved available basic central clear common complete
  critical current daily direct early effective essential existing external final financial
  formal general global high internal key large legal local main major manual minor monthly
  new next normal open operational overall partial personal planned previous primary private
  public quarterly recent regional regular related remote required secure senior several
  shared short significant simple single special specific standard strong technical total
  typical urgent usual weekly
  adjusts agrees allocates approves assigns checks collects confirms covers defines delivers
  describes ensures exceeds explains follows includes improves increases lists manages meets
  monitors notes outlines prepares presents protects provides reduces replaces reports
  requires reviews schedules shows signs supports tracks updates validates
  after against along among around before between during for from into of on over per
  through to under with within without
  the the the a a an this each every their our its
`
  .trim()
  .split(/\s+/);
const REGIONS = ['North', 'South', 'East', 'West', 'Central', 'Overseas'];

/** mulberry32: small, fast and good enough to vary text. */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (items) => items[Math.floor(next() * items.length)];
  return { next, int, pick };
}

const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function writerOf(random) {
  const words = (count) => Array.from({ length: count }, () => random.pick(WORDS));
  const sentence = () => {
    const parts = words(random.int(6, 18));
    if (random.next() < 0.3) parts[random.int(2, parts.length - 2)] += ',';
    if (random.next() < 0.2) parts.splice(random.int(1, parts.length - 1), 0, String(random.int(2, 9999)));
    return `${capitalize(parts.join(' '))}.`;
  };
  const paragraph = (minSentences = 2, maxSentences = 6) =>
    Array.from({ length: random.int(minSentences, maxSentences) }, sentence).join(' ');
  const title = (minWords = 2, maxWords = 5) => words(random.int(minWords, maxWords)).map(capitalize).join(' ');
  return { sentence, paragraph, title };
}

function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

async function pdfDocument(random) {
  const text = writerOf(random);
  const pages = random.next() < LONG_PDF_SHARE ? random.int(40, 120) : random.int(1, 12);
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let number = 1; number <= pages; number++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(number === 1 ? text.title(3, 7) : `${number}. ${text.title()}`, {
      x: 50,
      y: 740,
      size: 14,
      font: bold,
    });
    const lines = [];
    while (lines.length < 48) lines.push(...wrap(text.paragraph(), 95), '');
    page.drawText(lines.slice(0, 50).join('\n'), { x: 50, y: 712, size: 10, lineHeight: 13, font });
  }
  return { bytes: await pdf.save(), pages };
}

async function docxDocument(random) {
  const text = writerOf(random);
  const cell = (value) => new TableCell({ children: [new Paragraph(value)] });
  const children = [new Paragraph({ text: text.title(3, 7), heading: HeadingLevel.TITLE })];
  for (let section = random.int(2, 10); section > 0; section--) {
    children.push(
      new Paragraph({
        text: text.title(),
        heading: random.next() < 0.7 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
      }),
    );
    for (let count = random.int(1, 6); count > 0; count--) children.push(new Paragraph(text.paragraph()));
    if (random.next() < 0.3) {
      const header = new TableRow({ children: ['Item', 'Owner', 'Status', 'Amount'].map(cell) });
      const rows = Array.from(
        { length: random.int(3, 12) },
        () =>
          new TableRow({
            children: [
              text.title(1, 3),
              text.title(1, 2),
              random.pick(['Open', 'Done', 'Late']),
              String(random.int(10, 99999)),
            ].map(cell),
          }),
      );
      children.push(new Table({ rows: [header, ...rows] }));
    }
  }
  const document = new Document({ creator: 'Docent benchmark', sections: [{ children }] });
  return { bytes: await Packer.toBuffer(document) };
}

async function xlsxDocument(random) {
  const text = writerOf(random);
  const workbook = new ExcelJS.Workbook();
  workbook.created = FIXED_DATE;
  workbook.modified = FIXED_DATE;
  for (let sheetNumber = random.int(1, 3); sheetNumber > 0; sheetNumber--) {
    const sheet = workbook.addWorksheet(`${text.title(1, 2)} ${sheetNumber}`.slice(0, 31));
    sheet.addRow(['Date', 'Region', 'Product', 'Units', 'Unit price', 'Total', 'Comment']);
    for (let row = random.int(20, 600); row > 0; row--) {
      const units = random.int(1, 500);
      const price = random.int(100, 99_999) / 100;
      const date = new Date(FIXED_DATE.getTime() + random.int(0, 365) * 86_400_000);
      sheet.addRow([
        date,
        random.pick(REGIONS),
        text.title(1, 3),
        units,
        price,
        Math.round(units * price * 100) / 100,
        text.sentence(),
      ]);
    }
  }
  return { bytes: new Uint8Array(await workbook.xlsx.writeBuffer()) };
}

async function pptxDocument(random) {
  const text = writerOf(random);
  const presentation = new PptxGenJS();
  presentation.title = text.title();
  for (let slideNumber = random.int(4, 20); slideNumber > 0; slideNumber--) {
    const slide = presentation.addSlide();
    slide.addText(text.title(), { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true });
    const bullets = Array.from({ length: random.int(3, 6) }, () => ({
      text: text.sentence(),
      options: { bullet: true, breakLine: true },
    }));
    slide.addText(bullets, { x: 0.5, y: 1.3, w: 9, h: 4, fontSize: 16 });
    slide.addNotes(text.paragraph(2, 5));
  }
  return { bytes: await presentation.write({ outputType: 'nodebuffer' }) };
}

/** Markdown of about `size` characters (ASCII, so bytes): headings, paragraphs, lists, tables and code. */
function markdownText(random, size) {
  const text = writerOf(random);
  const parts = [`# ${text.title(3, 7)}\n`];
  let length = parts[0].length;
  const add = (part) => {
    parts.push(part);
    length += part.length + 1;
  };
  while (length < size) {
    add(`## ${text.title()}\n`);
    add(text.paragraph(3, 8));
    const extra = random.next();
    if (extra < 0.3) add(Array.from({ length: random.int(3, 7) }, () => `- ${text.sentence()}`).join('\n'));
    else if (extra < 0.45) {
      const rows = Array.from(
        { length: random.int(3, 10) },
        () => `| ${text.title(1, 3)} | ${random.pick(REGIONS)} | ${random.int(1, 9999)} |`,
      );
      add(['| Name | Region | Amount |', '| --- | --- | ---: |', ...rows].join('\n'));
    } else if (extra < 0.5)
      add(['```', `status = "${text.title(1, 2)}"`, `total = ${random.int(1, 999)}`, '```'].join('\n'));
    add(text.paragraph(2, 6));
  }
  return parts.join('\n\n').slice(0, size);
}

/** Plain text of about `size` characters: paragraphs with the odd capitalised section line, no Markdown. */
function plainText(random, size) {
  const text = writerOf(random);
  const parts = [];
  let length = 0;
  while (length < size) {
    const part = random.next() < 0.1 ? text.title().toUpperCase() : text.paragraph(3, 9);
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join('\n\n').slice(0, size);
}

const encode = (text) => ({ bytes: Buffer.from(`${text}\n`, 'utf8') });
const GENERATORS = {
  PDF: pdfDocument,
  DOCX: docxDocument,
  XLSX: xlsxDocument,
  PPTX: pptxDocument,
  MD: async (random) => encode(markdownText(random, random.int(2_000, 40_000))),
  TXT: async (random) => encode(plainText(random, random.int(1_000, 40_000))),
};

function countsByType(documents) {
  const counts = Object.fromEntries(TYPES.map((type) => [type, Math.floor(documents * SHARES[type])]));
  counts.TXT += documents - TYPES.reduce((sum, type) => sum + counts[type], 0);
  return counts;
}

/**
 * Writes `documents` files of at least `totalBytes` in all into `folder`, in a shuffled
 * (but fixed) order of types. Returns them in that order:
 * { name, path, type, bytes, pages (PDF only) }.
 */
export async function generateCorpus({ folder, documents, totalBytes, seed = 20240115, onProgress = () => {} }) {
  const counts = countsByType(documents);
  const plan = TYPES.flatMap((type) => {
    const bulk = type === 'MD' || type === 'TXT' ? Math.max(1, Math.round(counts[type] * BULK_SHARE)) : 0;
    return Array.from({ length: counts[type] }, (_, index) => ({ type, bulk: index < bulk }));
  });
  const order = createRandom(seed);
  for (let index = plan.length - 1; index > 0; index--) {
    const other = Math.floor(order.next() * (index + 1));
    [plan[index], plan[other]] = [plan[other], plan[index]];
  }

  const corpus = plan.map(({ type, bulk }, index) => {
    const name = `doc-${String(index + 1).padStart(5, '0')}.${EXTENSIONS[type]}`;
    return {
      name,
      path: join(folder, name),
      type,
      bulk,
      bytes: 0,
      pages: null,
      random: createRandom(seed + index + 1),
    };
  });
  let written = 0;
  const write = async (entry, { bytes, pages = null }) => {
    await writeFile(entry.path, bytes);
    entry.bytes = bytes.length;
    entry.pages = pages;
    onProgress(++written, corpus.length);
  };

  for (const entry of corpus.filter(({ bulk }) => !bulk))
    await write(entry, await GENERATORS[entry.type](entry.random));

  // The bulk files share out what is left of the total, each with its own weight.
  const bulk = corpus.filter((entry) => entry.bulk);
  const remaining = totalBytes - corpus.reduce((sum, { bytes }) => sum + bytes, 0);
  const weights = bulk.map(({ random }) => 0.5 + random.next());
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const sizes = weights.map((weight) => Math.max(MIN_BULK_BYTES, Math.ceil((remaining * weight) / weightSum)));
  if (Math.max(...sizes) > MAX_BULK_BYTES) {
    throw new Error(
      `${totalBytes / 1024 / 1024} MB needs more documents to stay under 50 MB per file: raise --docs or lower --mb.`,
    );
  }
  for (const [index, entry] of bulk.entries()) {
    const text = entry.type === 'MD' ? markdownText(entry.random, sizes[index]) : plainText(entry.random, sizes[index]);
    await write(entry, encode(text));
  }

  return corpus.map(({ name, path, type, bytes, pages }) => ({ name, path, type, bytes, pages }));
}
