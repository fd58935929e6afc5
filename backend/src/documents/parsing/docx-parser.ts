import { buildParsedDocument } from './build-parsed-document.js';
import { openOfficeArchive } from './open-office-archive.js';
import type { DocumentBlock, ParsedDocument } from './parsed-document.js';
import { UnreadableDocumentError } from './unreadable-document.error.js';
import { attribute, childrenOf, findAll, findFirst, parseXml, tagOf, textOf, type XmlNode } from './xml-tree.js';

/** Word's outline level for body text, i.e. not a heading. */
const BODY_TEXT_LEVEL = 9;

/**
 * Word documents: every heading starts a block whose heading path lists it and the
 * headings above it; paragraphs and tables (one line per row, cells separated by
 * ' | ') follow in reading order.
 */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  const archive = await openOfficeArchive(bytes);
  const documentXml = await archive.readPart('word/document.xml');
  if (documentXml === undefined) throw new UnreadableDocumentError('The file is damaged or incomplete');
  const headingLevels = readHeadingStyles(await archive.readPart('word/styles.xml'));
  const body = findFirst(parseXml(documentXml), 'w:body');

  const blocks: DocumentBlock[] = [];
  const headingPath: { level: number; title: string }[] = [];
  let lines: string[] = [];
  const closeSection = (): void => {
    blocks.push({ text: lines.join('\n'), position: { headingPath: headingPath.map(({ title }) => title) } });
    lines = [];
  };
  const visit = (nodes: XmlNode[]): void => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === 'w:p') {
        const text = paragraphText(node);
        const level = headingLevel(node, headingLevels);
        if (level !== undefined && text.trim() !== '') {
          closeSection();
          while (headingPath.length > 0 && headingPath.at(-1)!.level >= level) headingPath.pop();
          headingPath.push({ level, title: text.trim() });
        }
        lines.push(text);
      } else if (tag === 'w:tbl') {
        lines.push(tableText(node));
      } else if (tag !== 'w:sectPr') {
        // Content controls, custom XML and the like wrap ordinary paragraphs.
        visit(childrenOf(node));
      }
    }
  };
  visit(body ? childrenOf(body) : []);
  closeSection();
  return buildParsedDocument('DOCX', blocks);
}

/** Heading level (1 = top) of each paragraph style that is a heading, by style id. */
function readHeadingStyles(stylesXml: string | undefined): Map<string, number> {
  const levels = new Map<string, number>();
  if (!stylesXml) return levels;
  for (const style of findAll(parseXml(stylesXml), 'w:style')) {
    const id = attribute(style, 'w:styleId');
    if (!id) continue;
    const outline = findFirst(childrenOf(style), 'w:outlineLvl');
    const name = attribute(findFirst(childrenOf(style), 'w:name') ?? {}, 'w:val') ?? '';
    const level = outline
      ? outlineToHeadingLevel(attribute(outline, 'w:val'))
      : (headingNumber(name) ?? headingNumber(id));
    if (level !== undefined) levels.set(id, level);
  }
  return levels;
}

function headingLevel(paragraph: XmlNode, styleLevels: Map<string, number>): number | undefined {
  const properties = childrenOf(paragraph).find((child) => tagOf(child) === 'w:pPr');
  if (!properties) return undefined;
  const outline = findFirst(childrenOf(properties), 'w:outlineLvl');
  if (outline) return outlineToHeadingLevel(attribute(outline, 'w:val'));
  const styleId = attribute(findFirst(childrenOf(properties), 'w:pStyle') ?? {}, 'w:val');
  return styleId === undefined ? undefined : (styleLevels.get(styleId) ?? headingNumber(styleId));
}

function outlineToHeadingLevel(value: string | undefined): number | undefined {
  const level = Number(value);
  return Number.isInteger(level) && level >= 0 && level < BODY_TEXT_LEVEL ? level + 1 : undefined;
}

/** 'heading 2' (the built-in style name) or 'Heading2' (its usual id) → 2. */
function headingNumber(name: string): number | undefined {
  const match = /^heading\s*([1-9])$/i.exec(name);
  return match ? Number(match[1]) : undefined;
}

function paragraphText(paragraph: XmlNode): string {
  let text = '';
  const collect = (nodes: XmlNode[]): void => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === 'w:t') text += childrenOf(node).map(textOf).join('');
      else if (tag === 'w:tab') text += '\t';
      else if (tag === 'w:br' || tag === 'w:cr') text += '\n';
      else if (tag !== 'w:pPr' && tag !== 'w:rPr') collect(childrenOf(node));
    }
  };
  collect(childrenOf(paragraph));
  return text;
}

function tableText(table: XmlNode): string {
  return childrenOf(table)
    .filter((row) => tagOf(row) === 'w:tr')
    .map((row) =>
      childrenOf(row)
        .filter((cell) => tagOf(cell) === 'w:tc')
        .map((cell) => findAll(childrenOf(cell), 'w:p').map(paragraphText).join(' ').trim())
        .join(' | '),
    )
    .join('\n');
}
