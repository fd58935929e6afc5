import { buildParsedDocument } from './build-parsed-document.js';
import { openOfficeArchive, type OfficeArchive } from './open-office-archive.js';
import type { DocumentBlock, ParsedDocument } from './parsed-document.js';
import { UnreadableDocumentError } from './unreadable-document.error.js';
import {
  attribute,
  childrenOf,
  findAll,
  findFirst,
  parseRelationships,
  parseXml,
  resolvePartPath,
  tagOf,
  textOf,
  type XmlNode,
} from './xml-tree.js';

const NOTES_SLIDE_RELATIONSHIP = /\/notesSlide$/;

/**
 * Presentations: one block per slide with its text in reading order (the shape-tree
 * order PowerPoint's reading-order pane shows), then one block for its speaker notes.
 */
export async function parsePptx(bytes: Uint8Array): Promise<ParsedDocument> {
  const archive = await openOfficeArchive(bytes);
  const presentationXml = await archive.readPart('ppt/presentation.xml');
  if (presentationXml === undefined) throw new UnreadableDocumentError('The file is damaged or incomplete');
  const relationships = parseRelationships(await archive.readPart('ppt/_rels/presentation.xml.rels'));
  const slideIds = findAll(parseXml(presentationXml), 'p:sldId');

  const blocks: DocumentBlock[] = [];
  for (const [index, slideId] of slideIds.entries()) {
    const target = relationships.get(attribute(slideId, 'r:id') ?? '')?.target;
    if (!target) continue;
    const slide = index + 1;
    const slidePath = resolvePartPath('ppt', target);
    const slideXml = await archive.readPart(slidePath);
    if (slideXml === undefined) continue;
    blocks.push({ text: shapesText(parseXml(slideXml), () => true), position: { slide } });
    const notes = await readNotes(archive, slidePath);
    if (notes) blocks.push({ text: notes, position: { slide, notes: true } });
  }
  return buildParsedDocument('PPTX', blocks, { pages: slideIds.length });
}

async function readNotes(archive: OfficeArchive, slidePath: string): Promise<string | undefined> {
  const folder = slidePath.slice(0, slidePath.lastIndexOf('/'));
  const fileName = slidePath.slice(folder.length + 1);
  const relationships = parseRelationships(await archive.readPart(`${folder}/_rels/${fileName}.rels`));
  const notes = [...relationships.values()].find(({ type }) => NOTES_SLIDE_RELATIONSHIP.test(type));
  if (!notes) return undefined;
  const notesXml = await archive.readPart(resolvePartPath(folder, notes.target));
  // The notes page also holds the slide image and number; the notes are its body placeholder.
  return notesXml === undefined ? undefined : shapesText(parseXml(notesXml), isBodyPlaceholder);
}

function isBodyPlaceholder(shape: XmlNode): boolean {
  return attribute(findFirst(childrenOf(shape), 'p:ph') ?? {}, 'type') === 'body';
}

function shapesText(part: XmlNode[], include: (shape: XmlNode) => boolean): string {
  const tree = findFirst(part, 'p:spTree');
  const shapes = tree
    ? childrenOf(tree).filter((node) => tagOf(node) !== 'p:nvGrpSpPr' && tagOf(node) !== 'p:grpSpPr')
    : [];
  return shapes
    .filter(include)
    .map((shape) => linesOf([shape]).join('\n'))
    .filter((text) => text.trim() !== '')
    .join('\n');
}

/** Paragraphs one per line; table rows one per line with cells separated by ' | '. */
function linesOf(nodes: XmlNode[]): string[] {
  const lines: string[] = [];
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === 'a:p') lines.push(paragraphText(node));
    else if (tag === 'a:tbl') lines.push(...tableRows(node));
    else lines.push(...linesOf(childrenOf(node)));
  }
  return lines;
}

function tableRows(table: XmlNode): string[] {
  return findAll(childrenOf(table), 'a:tr').map((row) =>
    findAll(childrenOf(row), 'a:tc')
      .map((cell) => findAll(childrenOf(cell), 'a:p').map(paragraphText).join(' ').trim())
      .join(' | '),
  );
}

function paragraphText(paragraph: XmlNode): string {
  let text = '';
  for (const child of childrenOf(paragraph)) {
    const tag = tagOf(child);
    if (tag === 'a:r' || tag === 'a:fld') {
      text += childrenOf(child)
        .filter((node) => tagOf(node) === 'a:t')
        .flatMap(childrenOf)
        .map(textOf)
        .join('');
    } else if (tag === 'a:br') {
      text += '\n';
    }
  }
  return text;
}
