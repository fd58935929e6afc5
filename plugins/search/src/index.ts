import { defineToolPlugin, type SearchResult, type ToolResultItem } from '@docent/plugin-sdk';

export interface SearchInput {
  query: string;
  limit?: number;
}

export interface SearchSummary {
  query: string;
  total: number;
}

export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 20;

/** A passage as the tool lists it: titled with its document's name. */
export function toResultItem(hit: SearchResult): ToolResultItem {
  return {
    title: hit.documentName ?? hit.documentId,
    documentId: hit.documentId,
    chunkId: hit.chunkId,
    text: hit.content,
    score: hit.score,
  };
}

export default defineToolPlugin<SearchInput, SearchSummary>({
  name: 'search',
  category: 'search',
  description:
    'Searches the documents the caller may read (hybrid keyword and semantic retrieval) and returns the best passages, each titled with its document',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 1000, description: 'What to look for' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_LIMIT,
        description: `How many passages at most (default ${DEFAULT_LIMIT})`,
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string' },
      total: { type: 'integer', description: 'How many passages were found' },
    },
    required: ['query', 'total'],
  },
  readOnly: true,
  destructive: false,
  idempotent: true,
  requires: 'rag-engine',
  async execute({ query, limit = DEFAULT_LIMIT }, context) {
    // The host's search sees only the documents the caller may read.
    const hits = await context.search.search(query, { limit });
    return { result: { query, total: hits.length }, results: hits.map(toResultItem) };
  },
});
