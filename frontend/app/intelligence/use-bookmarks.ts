import { useCallback, useSyncExternalStore } from 'react';
import { BOOKMARKS_STORAGE_KEY, parseBookmarks, toggleBookmark, type Bookmark } from './bookmarks';

const NO_BOOKMARKS: Bookmark[] = [];
/** This tab's components showing bookmarks; other tabs are heard through `storage` events. */
const listeners = new Set<() => void>();
/** A list storage refused (full, or switched off): it lasts for this visit only. */
let unsaved: string | null = null;
/** The last list read, so an unchanged store gives the same array. */
let snapshot: { stored: string | null; bookmarks: Bookmark[] } = { stored: null, bookmarks: NO_BOOKMARKS };

function readStored(): string | null {
  if (unsaved !== null) return unsaved;
  try {
    return window.localStorage.getItem(BOOKMARKS_STORAGE_KEY);
  } catch {
    return null; // storage switched off
  }
}

function currentBookmarks(): Bookmark[] {
  const stored = readStored();
  if (stored !== snapshot.stored) snapshot = { stored, bookmarks: parseBookmarks(stored) };
  return snapshot.bookmarks;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BOOKMARKS_STORAGE_KEY) onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function store(bookmarks: Bookmark[]): void {
  const serialized = JSON.stringify(bookmarks);
  try {
    window.localStorage.setItem(BOOKMARKS_STORAGE_KEY, serialized);
    unsaved = null;
  } catch {
    unsaved = serialized;
  }
  for (const listener of listeners) listener();
}

/**
 * The bookmarks kept in this browser's localStorage, in step with other tabs. None on
 * the server and while hydrating (the store is the browser's), so the two renders agree.
 */
export function useBookmarks(): { bookmarks: Bookmark[]; toggle: (bookmark: Bookmark) => void } {
  const bookmarks = useSyncExternalStore(subscribe, currentBookmarks, () => NO_BOOKMARKS);
  const toggle = useCallback((bookmark: Bookmark) => store(toggleBookmark(currentBookmarks(), bookmark)), []);
  return { bookmarks, toggle };
}
