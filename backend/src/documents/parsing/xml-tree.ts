import { XMLParser } from 'fast-xml-parser';

/** An element as fast-xml-parser gives it with preserveOrder: its tag maps to its children. */
export type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Text is kept verbatim: spaces matter between runs and '0123' is not a number.
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
});

/** Parses an XML part into its top-level nodes, in document order. */
export function parseXml(xml: string): XmlNode[] {
  return parser.parse(xml) as XmlNode[];
}

export function tagOf(node: XmlNode): string {
  return Object.keys(node).find((key) => key !== ':@')!;
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

export function attribute(node: XmlNode, name: string): string | undefined {
  return node[':@']?.[name];
}

export function textOf(node: XmlNode): string {
  return typeof node['#text'] === 'string' ? node['#text'] : '';
}

/** The first element with the given tag among the nodes, searched depth first. */
export function findFirst(nodes: XmlNode[], tag: string): XmlNode | undefined {
  for (const node of nodes) {
    if (tagOf(node) === tag) return node;
    const found = findFirst(childrenOf(node), tag);
    if (found) return found;
  }
  return undefined;
}

/** Every element with the given tag among the nodes, in document order, not inside each other. */
export function findAll(nodes: XmlNode[], tag: string, found: XmlNode[] = []): XmlNode[] {
  for (const node of nodes) {
    if (tagOf(node) === tag) found.push(node);
    else findAll(childrenOf(node), tag, found);
  }
  return found;
}

export interface Relationship {
  target: string;
  type: string;
}

/** The relationships of a .rels part, by relationship id. */
export function parseRelationships(xml: string | undefined): Map<string, Relationship> {
  const relationships = new Map<string, Relationship>();
  if (!xml) return relationships;
  for (const relationship of findAll(parseXml(xml), 'Relationship')) {
    const id = attribute(relationship, 'Id');
    const target = attribute(relationship, 'Target');
    if (id && target) relationships.set(id, { target, type: attribute(relationship, 'Type') ?? '' });
  }
  return relationships;
}

/** Resolves a relationship target against the folder of the part that names it. */
export function resolvePartPath(fromFolder: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const segments = fromFolder.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}
