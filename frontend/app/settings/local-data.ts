import type { BackupFile } from '@docent/common/settings';
import { BOOKMARKS_STORAGE_KEY, parseBookmarks } from '../intelligence/bookmarks';

/** Each character of a key or value takes two bytes: browsers keep local storage as UTF-16. */
const BYTES_PER_CHARACTER = 2;

/** What this app keeps in the browser's local storage (its own origin's), in KB with one decimal. */
export function storageUsageKb(storage: Pick<Storage, 'length' | 'key' | 'getItem'>): number {
  let characters = 0;
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key === null) continue;
    characters += key.length + (storage.getItem(key)?.length ?? 0);
  }
  return Math.round((characters * BYTES_PER_CHARACTER) / 102.4) / 10;
}

/** The server's backup file with this browser's bookmarks, which only the browser keeps. */
export function withBrowserBookmarks(backup: BackupFile, storedBookmarks: string | null): BackupFile {
  return { ...backup, bookmarks: parseBookmarks(storedBookmarks).map((bookmark) => ({ ...bookmark })) };
}

/** The bookmarks of an imported file, as the bookmarks store keeps them: anything unusable is left out. */
export function bookmarksToStore(bookmarks: readonly unknown[]): string {
  return JSON.stringify(parseBookmarks(JSON.stringify(bookmarks)));
}

export { BOOKMARKS_STORAGE_KEY };

/** The file name of a backup made on that day: docent-backup-2026-11-25.json. */
export function backupFileName(date: Date): string {
  return `docent-backup-${date.toISOString().slice(0, 10)}.json`;
}
