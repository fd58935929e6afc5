import { DEFAULT_PREFERENCES } from '@docent/common/preferences';
import type { BackupFile } from '@docent/common/settings';
import { describe, expect, it } from '@jest/globals';
import { backupFileName, bookmarksToStore, storageUsageKb, withBrowserBookmarks } from './local-data';

function storageOf(entries: Record<string, string>) {
  const keys = Object.keys(entries);
  return {
    length: keys.length,
    key: (index: number) => keys[index] ?? null,
    getItem: (key: string) => entries[key] ?? null,
  };
}

const bookmark = { id: 'c-1', documentId: 'd-1', documentName: 'notes.txt', snippet: 'Hello', position: {} };

describe('what the app keeps in the browser', () => {
  it('counts keys and values at two bytes a character, in KB with one decimal', () => {
    expect(storageUsageKb(storageOf({}))).toBe(0);
    // 1024 characters in all: 2 KB.
    expect(storageUsageKb(storageOf({ abcd: 'x'.repeat(1020) }))).toBe(2);
    expect(storageUsageKb(storageOf({ a: 'b' }))).toBe(0);
    expect(storageUsageKb(storageOf({ a: 'x'.repeat(255) }))).toBe(0.5);
  });

  it("puts the browser's bookmarks into the server's backup file", () => {
    const backup: BackupFile = {
      userPreferences: DEFAULT_PREFERENCES,
      documentMetadata: {},
      searchHistory: [],
      chatHistory: [],
      bookmarks: [],
    };
    expect(withBrowserBookmarks(backup, JSON.stringify([bookmark])).bookmarks).toEqual([bookmark]);
    expect(withBrowserBookmarks(backup, 'not json').bookmarks).toEqual([]);
  });

  it('keeps only usable bookmarks of an imported file', () => {
    expect(JSON.parse(bookmarksToStore([bookmark, { id: 42 }, 'x']))).toEqual([bookmark]);
  });

  it('names the backup file after its day', () => {
    expect(backupFileName(new Date('2026-11-25T10:00:00Z'))).toBe('docent-backup-2026-11-25.json');
  });
});
