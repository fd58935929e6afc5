import { describe, expect, it } from '@jest/globals';
import { parseBookmarks, toggleBookmark, type Bookmark } from './bookmarks';

const bookmark = (id: string): Bookmark => ({
  id,
  documentId: 'doc-1',
  documentName: 'handbook.md',
  snippet: `Snippet ${id}`,
  position: { headingPath: ['Holidays'] },
});

describe('bookmark storage', () => {
  it('reads what it wrote', () => {
    const stored = [bookmark('a'), bookmark('b')];
    expect(parseBookmarks(JSON.stringify(stored))).toEqual(stored);
  });

  it('reads nothing from an empty, malformed or foreign value instead of failing', () => {
    for (const raw of [null, '', '{', 'null', '42', '"text"', '{"id":"a"}']) expect(parseBookmarks(raw)).toEqual([]);
  });

  it('drops only the entries that are not bookmarks, and repeated ids', () => {
    const raw = JSON.stringify([
      bookmark('a'),
      null,
      'b',
      { id: 7 },
      { id: 'c' },
      bookmark('a'),
      { ...bookmark('d'), position: 'page 1', snippet: 3 },
    ]);
    expect(parseBookmarks(raw)).toEqual([bookmark('a'), { ...bookmark('d'), position: {}, snippet: '' }]);
  });
});

describe('toggling a bookmark', () => {
  it('adds a new one at the top', () => {
    expect(toggleBookmark([bookmark('a')], bookmark('b')).map(({ id }) => id)).toEqual(['b', 'a']);
  });

  it('removes one already there, by chunk id', () => {
    expect(
      toggleBookmark([bookmark('a'), bookmark('b')], { ...bookmark('a'), snippet: 'changed' }).map(({ id }) => id),
    ).toEqual(['b']);
  });
});
