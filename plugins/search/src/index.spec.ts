import type { PluginContext, SearchOptions, SearchResult } from '@docent/plugin-sdk';
import { describe, expect, it } from '@jest/globals';
import searchTool, { DEFAULT_LIMIT } from './index.js';

const PASSAGES: Record<string, SearchResult[]> = {
  // What the host's search answers for each caller: only the documents that caller may read.
  owner: [
    { documentId: 'd-1', documentName: 'orchards.md', chunkId: 'c-1', content: 'Apple orchards', score: 2.5 },
    { documentId: 'd-2', documentName: 'private-diary.md', chunkId: 'c-2', content: 'My apple cider', score: 1.2 },
  ],
  reader: [{ documentId: 'd-1', documentName: 'orchards.md', chunkId: 'c-1', content: 'Apple orchards', score: 2.5 }],
};

function contextOf(caller: keyof typeof PASSAGES, calls: { query: string; options?: SearchOptions }[] = []) {
  return {
    search: {
      search: async (query: string, options?: SearchOptions) => {
        calls.push({ query, options });
        return PASSAGES[caller]!.slice(0, options?.limit);
      },
    },
  } as unknown as PluginContext;
}

describe('the search tool', () => {
  it('lists the passages the host search returns, each titled with its document name', async () => {
    const calls: { query: string; options?: SearchOptions }[] = [];
    const answer = await searchTool.execute!({ query: 'apple' }, contextOf('owner', calls));

    expect(calls).toEqual([{ query: 'apple', options: { limit: DEFAULT_LIMIT } }]);
    expect(answer.result).toEqual({ query: 'apple', total: 2 });
    expect(answer.results).toEqual([
      { title: 'orchards.md', documentId: 'd-1', chunkId: 'c-1', text: 'Apple orchards', score: 2.5 },
      { title: 'private-diary.md', documentId: 'd-2', chunkId: 'c-2', text: 'My apple cider', score: 1.2 },
    ]);
  });

  it('searches as the caller: a reader never sees a passage of a document only its owner may read', async () => {
    const answer = await searchTool.execute!({ query: 'apple', limit: 10 }, contextOf('reader'));

    expect(answer.results!.map((item) => item.title)).toEqual(['orchards.md']);
    expect(answer.result).toEqual({ query: 'apple', total: 1 });
  });

  it('passes the limit on', async () => {
    const answer = await searchTool.execute!({ query: 'apple', limit: 1 }, contextOf('owner'));
    expect(answer.results).toHaveLength(1);
  });

  it('is a ready, read-only search tool that needs the RAG engine', () => {
    expect(searchTool).toMatchObject({ name: 'search', category: 'search', readOnly: true, requires: 'rag-engine' });
  });
});
