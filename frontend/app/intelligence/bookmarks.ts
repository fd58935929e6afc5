import type { ChunkPositionView, SearchHit } from '@docent/common/search';

/** The spec's local store "bookmarks (list of ids, toggled)", with enough to show a bookmark without searching again. */
export const BOOKMARKS_STORAGE_KEY = 'bookmarks';

export interface Bookmark {
  /** The chunk's id. */
  id: string;
  documentId: string;
  documentName: string;
  snippet: string;
  position: ChunkPositionView;
}

export function bookmarkOf(hit: SearchHit): Bookmark {
  return {
    id: hit.chunkId,
    documentId: hit.documentId,
    documentName: hit.documentName,
    snippet: hit.snippet,
    position: hit.position,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toBookmark(value: unknown): Bookmark | null {
  if (!isRecord(value)) return null;
  const { id, documentId, documentName, snippet, position } = value;
  if (typeof id !== 'string' || id === '' || typeof documentId !== 'string' || typeof documentName !== 'string')
    return null;
  return {
    id,
    documentId,
    documentName,
    snippet: typeof snippet === 'string' ? snippet : '',
    // The position is shown, never trusted: a bad one just goes.
    position: isRecord(position) ? (position as ChunkPositionView) : {},
  };
}

/**
 * The stored bookmarks. Anything else in the key (another app's data, a hand edit, a
 * half-written value) reads as no bookmarks or loses only the bad entries: a broken
 * store never breaks the page.
 */
export function parseBookmarks(raw: string | null): Bookmark[] {
  if (!raw) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>();
  return stored.flatMap((value) => {
    const bookmark = toBookmark(value);
    if (!bookmark || seen.has(bookmark.id)) return [];
    seen.add(bookmark.id);
    return [bookmark];
  });
}

/** Adds the bookmark at the top, or removes it when its chunk is already bookmarked. */
export function toggleBookmark(bookmarks: readonly Bookmark[], bookmark: Bookmark): Bookmark[] {
  return bookmarks.some((existing) => existing.id === bookmark.id)
    ? bookmarks.filter((existing) => existing.id !== bookmark.id)
    : [bookmark, ...bookmarks];
}
