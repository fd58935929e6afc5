import { useCallback, useEffect, useState } from 'react';
import { BOOKMARKS_STORAGE_KEY, parseBookmarks, toggleBookmark, type Bookmark } from './bookmarks';

function readStored(): Bookmark[] {
  try {
    return parseBookmarks(window.localStorage.getItem(BOOKMARKS_STORAGE_KEY));
  } catch {
    return []; // storage switched off
  }
}

/**
 * The bookmarks kept in this browser. Empty on the server and in the first render (the
 * store is the browser's), then read; kept in step with other tabs through `storage` events.
 */
export function useBookmarks(): { bookmarks: Bookmark[]; toggle: (bookmark: Bookmark) => void } {
  const [bookmarks, setBookmarks] = useState<Bookmark[]>([]);

  useEffect(() => {
    setBookmarks(readStored());
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === BOOKMARKS_STORAGE_KEY) setBookmarks(readStored());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const toggle = useCallback((bookmark: Bookmark) => {
    const next = toggleBookmark(readStored(), bookmark);
    setBookmarks(next);
    try {
      window.localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or switched off: the bookmark lasts for this visit only.
    }
  }, []);

  return { bookmarks, toggle };
}
