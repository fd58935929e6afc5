import { describe, expect, it } from '@jest/globals';
import {
  bytesToMegabytes,
  clearedFilters,
  DEFAULT_LIST_STATE,
  documentListPath,
  isNarrowed,
  listStateToParams,
  megabytesToBytes,
  pageCount,
  parseListState,
  sortedBy,
  withChange,
} from './document-filters';

const parse = (query: string) => parseListState(new URLSearchParams(query));

describe('the Documents page URL', () => {
  it('reads every filter the API takes', () => {
    const state = parse(
      'search=report&status=failed,processed&fileTypes=PDF,DOCX&dateFrom=2025-01-01&dateTo=2025-01-31&sizeMin=1048576&sizeMax=5242880&hasVectors=true&page=3&sort=name&order=asc',
    );
    expect(state).toEqual({
      search: 'report',
      statuses: ['processed', 'failed'],
      fileTypes: ['PDF', 'DOCX'],
      dateFrom: '2025-01-01',
      dateTo: '2025-01-31',
      sizeMin: 1048576,
      sizeMax: 5242880,
      hasVectors: true,
      page: 3,
      sort: 'name',
      order: 'asc',
    });
  });

  it('falls back to the defaults for anything malformed instead of failing the page', () => {
    expect(
      parse('status=bogus&fileTypes=EXE&dateFrom=yesterday&sizeMin=-4&hasVectors=maybe&page=0&sort=secret&order=up'),
    ).toEqual(DEFAULT_LIST_STATE);
  });

  it('drops dates the server would refuse: a day that does not exist, year 0', () => {
    expect(parse('dateFrom=2025-02-30&dateTo=0000-01-01')).toMatchObject({ dateFrom: null, dateTo: null });
    expect(parse('dateFrom=2024-02-29').dateFrom).toBe('2024-02-29');
  });

  it('reads hasVectors=false as "without vectors", not as "either"', () => {
    expect(parse('hasVectors=false').hasVectors).toBe(false);
  });

  it('writes a state back to the same URL it was read from', () => {
    const query =
      'search=q&status=indexing&fileTypes=MD&dateFrom=2025-02-01&sizeMax=100&hasVectors=false&page=2&sort=size&order=asc';
    expect(parse(listStateToParams(parse(query)).toString())).toEqual(parse(query));
  });

  it('leaves defaults out of the URL so a plain visit has a plain address', () => {
    expect(listStateToParams(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('asks the API with comma-separated lists, the page size and the sort', () => {
    const path = documentListPath(
      withChange(DEFAULT_LIST_STATE, { statuses: ['uploading', 'failed'], fileTypes: ['PDF', 'TXT'] }),
    );
    const params = new URL(path, 'http://api.test').searchParams;
    expect(new URL(path, 'http://api.test').pathname).toBe('/api/documents');
    expect(params.get('status')).toBe('uploading,failed');
    expect(params.get('fileTypes')).toBe('PDF,TXT');
    expect(params.get('page')).toBe('1');
    expect(params.get('pageSize')).toBe('20');
    expect(params.get('sort')).toBe('uploadedAt');
    expect(params.get('order')).toBe('desc');
    expect(params.has('search')).toBe(false);
  });
});

describe('changing the filters', () => {
  it('goes back to page 1, since the old page may not exist any more', () => {
    expect(withChange({ ...DEFAULT_LIST_STATE, page: 4 }, { search: 'x' }).page).toBe(1);
  });

  it('knows whether anything narrows the list', () => {
    expect(isNarrowed(DEFAULT_LIST_STATE)).toBe(false);
    expect(isNarrowed({ ...DEFAULT_LIST_STATE, sort: 'name', page: 2 })).toBe(false);
    expect(isNarrowed({ ...DEFAULT_LIST_STATE, hasVectors: false })).toBe(true);
    expect(isNarrowed({ ...DEFAULT_LIST_STATE, search: 'a' })).toBe(true);
  });

  it('clears every filter but keeps the sort', () => {
    const narrowed = {
      ...DEFAULT_LIST_STATE,
      search: 'a',
      statuses: ['failed' as const],
      sort: 'name' as const,
      order: 'asc' as const,
      page: 3,
    };
    expect(clearedFilters(narrowed)).toEqual({ ...DEFAULT_LIST_STATE, sort: 'name', order: 'asc' });
  });

  it('flips the order on the same column and starts a new column ascending (dates newest first)', () => {
    const byName = sortedBy(DEFAULT_LIST_STATE, 'name');
    expect([byName.sort, byName.order]).toEqual(['name', 'asc']);
    expect(sortedBy(byName, 'name').order).toBe('desc');
    expect(sortedBy(byName, 'processedAt').order).toBe('desc');
  });
});

describe('sizes typed in megabytes', () => {
  it('are sent as bytes', () => {
    expect(megabytesToBytes('1')).toBe(1024 * 1024);
    expect(megabytesToBytes('0.5')).toBe(512 * 1024);
    expect(megabytesToBytes('')).toBeNull();
    expect(megabytesToBytes('-1')).toBeNull();
    expect(megabytesToBytes('lots')).toBeNull();
  });

  it('are shown back in megabytes', () => {
    expect(bytesToMegabytes(1024 * 1024 * 1.5)).toBe('1.5');
    expect(bytesToMegabytes(null)).toBe('');
  });
});

describe('paging', () => {
  it('always has at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
