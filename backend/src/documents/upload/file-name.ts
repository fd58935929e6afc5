/** The longest name kept, in characters; longer names are shortened before the extension. */
export const MAX_FILE_NAME_LENGTH = 255;
export const UNTITLED_DOCUMENT = 'Untitled document';

// C0/C1 controls, and the bidirectional overrides and isolates that can disguise an extension ("txt.exe" shown as "exe.txt").
const INVISIBLE_OR_CONTROL = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name a document is shown and downloaded under, from what the client sent: the
 * last path segment only (no folders, no traversal), without control or
 * direction-changing characters, whitespace collapsed, leading dots removed.
 */
export function safeFileName(sent: string): string {
  const lastSegment = sent.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(INVISIBLE_OR_CONTROL, '')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  if (cleaned === '') return UNTITLED_DOCUMENT;
  return shorten(cleaned);
}

function shorten(name: string): string {
  const characters = [...name];
  if (characters.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return (
    characters
      .slice(0, MAX_FILE_NAME_LENGTH - [...extension].length)
      .join('')
      .trimEnd() + extension
  );
}
