import { describe, expect, it } from '@jest/globals';
import { intelligenceUrlParams, onlyTabChanged, parseIntelligenceUrl } from './intelligence-url';

const params = (search: string) => new URLSearchParams(search);

describe('Intelligence address', () => {
  it('reads the query, search type, document scope and tab', () => {
    expect(parseIntelligenceUrl(params('q=%20holiday%20policy%20&type=keyword&document=doc-1&tab=chat'))).toEqual({
      query: 'holiday policy',
      type: 'keyword',
      documentId: 'doc-1',
      tab: 'chat',
    });
  });

  it('falls back to defaults for what is missing or unknown', () => {
    expect(parseIntelligenceUrl(params('type=fuzzy&document=%20&tab=other'))).toEqual({
      query: '',
      type: null,
      documentId: null,
      tab: 'search',
    });
  });

  it('writes back what it reads, without the defaults', () => {
    expect(intelligenceUrlParams(parseIntelligenceUrl(params('q=x&type=hybrid&document=d&tab=chat'))).toString()).toBe(
      'q=x&type=hybrid&document=d&tab=chat',
    );
    expect(intelligenceUrlParams({ query: 'x', type: null, documentId: null, tab: 'search' }).toString()).toBe('q=x');
  });

  it('tells a tab switch from a new search', () => {
    expect(onlyTabChanged(params('q=x&type=keyword'), params('type=keyword&q=x&tab=chat'))).toBe(true);
    expect(onlyTabChanged(params('q=x'), params('q=y'))).toBe(false);
    expect(onlyTabChanged(params('q=x'), params('q=x&document=d'))).toBe(false);
  });
});
