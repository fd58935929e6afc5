import type { ChatMessage } from './model-provider-plugin.js';

/** One numbered source the answer may cite as [number]. */
export interface GroundingPassage {
  number: number;
  title?: string;
  text: string;
}

export interface GroundedQuestion {
  question: string;
  passages: readonly GroundingPassage[];
  /** Earlier turns of the conversation, oldest first. */
  history?: readonly ChatMessage[];
}

export interface ReadGroundedQuestion {
  question: string;
  passages: GroundingPassage[];
}

export const GROUNDING_INSTRUCTIONS =
  'Answer the question using only the numbered sources below. ' +
  'Cite the source of every statement with its number in square brackets, like [1] or [2][3]. ' +
  'If the sources do not answer the question, say plainly that the provided documents do not contain an answer, ' +
  'and do not answer from other knowledge.';

const SOURCES_HEADING = 'Sources:';
const SOURCE_PATTERN = /<source number="(\d+)"(?: title="([^"]*)")?>\n([\s\S]*?)\n<\/source>/g;

/**
 * Writes a question and the passages that may answer it as chat messages: a system
 * message with the instructions and the numbered sources, the history, then the
 * question as the last user message. `readGroundedMessages` parses it back.
 */
export function buildGroundedMessages({ question, passages, history = [] }: GroundedQuestion): ChatMessage[] {
  const sources = passages.map(formatSource).join('\n\n');
  const system = `${GROUNDING_INSTRUCTIONS}\n\n${SOURCES_HEADING}\n${sources}`;
  return [{ role: 'system', content: system }, ...history, { role: 'user', content: question }];
}

/**
 * The question and passages of messages written by `buildGroundedMessages`, or null
 * when the messages are not in that format.
 */
export function readGroundedMessages(messages: readonly ChatMessage[]): ReadGroundedQuestion | null {
  const [system] = messages;
  const last = messages.at(-1);
  const prefix = `${GROUNDING_INSTRUCTIONS}\n\n${SOURCES_HEADING}\n`;
  if (messages.length < 2 || system?.role !== 'system' || last?.role !== 'user') return null;
  if (!system.content.startsWith(prefix)) return null;

  const passages: GroundingPassage[] = [];
  for (const match of system.content.slice(prefix.length).matchAll(SOURCE_PATTERN)) {
    const [, number, title, text] = match as unknown as [string, string, string | undefined, string];
    passages.push({
      number: Number(number),
      ...(title === undefined ? {} : { title: unescapeSourceText(title) }),
      text: unescapeSourceText(text),
    });
  }
  return { question: last.content, passages };
}

function formatSource({ number, title, text }: GroundingPassage): string {
  const titleAttribute = title === undefined ? '' : ` title="${escapeSourceText(title).replaceAll('"', '&quot;')}"`;
  return `<source number="${number}"${titleAttribute}>\n${escapeSourceText(text)}\n</source>`;
}

// Escapes only what could end a source early, so models see the passages as written.
// `&` is escaped only where it would otherwise read as one of these escapes, which keeps
// the encoding reversible.
function escapeSourceText(text: string): string {
  return text.replace(/&(?=(?:amp|lt|quot);)/g, '&amp;').replace(/<(?=\/?source\b)/gi, '&lt;');
}

const UNESCAPED: Readonly<Record<string, string>> = { amp: '&', lt: '<', quot: '"' };

function unescapeSourceText(text: string): string {
  return text.replace(/&(amp|lt|quot);/g, (_, name: string) => UNESCAPED[name]!);
}
