import { describe, expect, it } from '@jest/globals';
import { BM25_B, BM25_K1, KeywordPostings, type PostedChunk, type PostingHit } from './keyword-postings.js';
import { postingsOf, queryTermHashes } from './postings.js';
import { tokenize } from './tokenize.js';

let nextChunkId = 1;

function chunkOf(text: string): PostedChunk {
  return { id: nextChunkId++, tokenCount: tokenize(text).length, ...postingsOf(text) };
}

function indexOf(documents: Record<string, string[]>): KeywordPostings {
  const postings = new KeywordPostings();
  for (const [document, texts] of Object.entries(documents)) {
    for (const text of texts) postings.addChunk(document, chunkOf(text));
  }
  return postings;
}

function scores(hits: PostingHit[]): [string, number][] {
  return hits.map((hit) => [hit.documentId, Number(hit.score.toFixed(6))]);
}

describe('KeywordPostings scoring', () => {
  // The worked example of chunk-index.spec.ts: the in-memory index scores as the SQL index did.
  const postings = indexOf({ first: ['apple banana apple', 'banana cherry'], second: ['cherry cherry cherry date'] });

  it('scores IDF-weighted, length-normalised term frequencies', () => {
    expect(scores(postings.search(queryTermHashes('Apple and cherry?'), { limit: 10 }))).toEqual([
      ['first', 1.307772],
      ['second', 0.682263],
      ['first', 0.503575],
    ]);
  });

  it('finds nothing for unknown terms, an empty query or a limit below one', () => {
    expect(postings.search(queryTermHashes('durian'), { limit: 10 })).toEqual([]);
    expect(postings.search([], { limit: 10 })).toEqual([]);
    expect(postings.search(queryTermHashes('apple'), { limit: 0 })).toEqual([]);
  });

  it('counts only the documents in scope as hits, and the whole index in the statistics', () => {
    expect(
      scores(postings.search(queryTermHashes('apple cherry'), { limit: 10, documents: new Set(['second']) })),
    ).toEqual([['second', 0.682263]]);
    expect(postings.search(queryTermHashes('apple'), { limit: 10, documents: new Set(['unknown']) })).toEqual([]);
  });
});

describe('KeywordPostings writes', () => {
  it('forgets a removed document in the corpus statistics', () => {
    const postings = indexOf({ first: ['apple banana apple', 'banana cherry'], second: ['cherry cherry cherry date'] });
    postings.addChunk('third', chunkOf('apple'));
    postings.removeDocuments(['third']);

    const [hit] = postings.search(queryTermHashes('apple'), { limit: 1 });
    expect(Number(hit!.score.toFixed(6))).toBe(1.307772);
    expect(postings.chunkCount).toBe(3);
  });

  it('scores a replaced document as an index built with its new chunks from the start', () => {
    const replaced = indexOf({ first: ['apple banana', 'cherry'], second: ['cherry date', 'apple elder fig'] });
    replaced.removeDocuments(['first']);
    for (const text of ['banana banana grape', 'apple grape']) replaced.addChunk('first', chunkOf(text));
    const fresh = indexOf({
      second: ['cherry date', 'apple elder fig'],
      first: ['banana banana grape', 'apple grape'],
    });

    for (const query of ['apple grape', 'cherry', 'banana fig', 'elder']) {
      expect(scores(replaced.search(queryTermHashes(query), { limit: 10 }))).toEqual(
        scores(fresh.search(queryTermHashes(query), { limit: 10 })),
      );
    }
    expect(replaced.search(queryTermHashes('apple banana'), { limit: 10 })).toHaveLength(3);
    expect(replaced.termCount).toBe(fresh.termCount);
  });

  it('scores a chunk added after a removal only for the terms it holds', () => {
    // Four chunks fill the list of "apple"; dropping the first leaves its last slot unused.
    const postings = indexOf({ gone: ['apple'], kept: ['apple', 'apple pear', 'apple pear plum'] });
    postings.removeDocuments(['gone']);
    postings.search(queryTermHashes('apple'), { limit: 1 });
    postings.addChunk('added', chunkOf('banana'));
    const fresh = indexOf({ kept: ['apple', 'apple pear', 'apple pear plum'], added: ['banana'] });

    expect(scores(postings.search(queryTermHashes('apple banana'), { limit: 10 }))).toEqual(
      scores(fresh.search(queryTermHashes('apple banana'), { limit: 10 })),
    );
  });

  it('keeps scoring and growing after its arrays were trimmed to size', () => {
    const trimmed = indexOf({ first: ['apple banana apple', 'banana cherry'] });
    trimmed.trim();
    trimmed.addChunk('second', chunkOf('cherry cherry cherry date'));

    expect(scores(trimmed.search(queryTermHashes('Apple and cherry?'), { limit: 10 }))).toEqual([
      ['first', 1.307772],
      ['second', 0.682263],
      ['first', 0.503575],
    ]);
  });

  it('drops the chunks of a removed document from every term it held', () => {
    const postings = indexOf({ gone: ['walrus tusk'], kept: ['walrus shore'] });
    postings.removeDocuments(['gone']);

    expect(postings.search(queryTermHashes('tusk'), { limit: 10 })).toEqual([]);
    expect(postings.search(queryTermHashes('walrus tusk'), { limit: 10 }).map((hit) => hit.documentId)).toEqual([
      'kept',
    ]);
  });
});

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so a failing corpus can be replayed. */
function randomFrom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Every chunk holding a query term, scored in full by the formula written out, best first (ties by chunk id). */
function scoreEverything(
  chunks: { document: string; chunk: PostedChunk }[],
  termKeys: number[],
  documents?: ReadonlySet<string>,
): PostingHit[] {
  const tokens = chunks.reduce((sum, { chunk }) => sum + chunk.tokenCount, 0);
  const averageLength = Math.max(tokens / chunks.length, 1);
  const terms = [...new Set(termKeys)]
    .map((key) => ({ key, df: chunks.filter(({ chunk }) => chunk.termHashes.includes(key)).length }))
    .filter((term) => term.df > 0)
    .sort((a, b) => a.df - b.df || (String(a.key) < String(b.key) ? -1 : 1));
  return chunks
    .filter(({ document }) => !documents || documents.has(document))
    .filter(({ chunk }) => terms.some((term) => chunk.termHashes.includes(term.key)))
    .map(({ document, chunk }) => {
      const norm = BM25_K1 * (1 - BM25_B) + ((BM25_K1 * BM25_B) / averageLength) * chunk.tokenCount;
      const score = terms.reduce((sum, { key, df }) => {
        const place = chunk.termHashes.indexOf(key);
        if (place < 0) return sum;
        const idf = Math.log(1 + (chunks.length - df + 0.5) / (df + 0.5));
        return sum + idf * (BM25_K1 + 1) * (1 - norm / (chunk.termFreqs[place]! + norm));
      }, 0);
      return { chunkId: String(chunk.id), documentId: document, score };
    })
    .sort((a, b) => b.score - a.score || Number(a.chunkId) - Number(b.chunkId));
}

describe('KeywordPostings top-k pruning', () => {
  const random = randomFrom(20261128);
  // A Zipfian vocabulary: a few words in most chunks, most words in few, as in real text.
  const vocabulary = Array.from({ length: 300 }, (_, rank) => `word${rank}x`);
  const word = () => vocabulary[Math.floor(vocabulary.length ** random()) - 1]!;
  const chunks = Array.from({ length: 1_500 }, (_, position) => ({
    document: `document-${position % 37}`,
    chunk: chunkOf(Array.from({ length: 5 + Math.floor(random() * 60) }, word).join(' ')),
  }));
  const postings = new KeywordPostings();
  for (const { document, chunk } of chunks) postings.addChunk(document, chunk);
  const queries = Array.from({ length: 60 }, () =>
    Array.from({ length: 1 + Math.floor(random() * 6) }, word).join(' '),
  );

  it('returns the same top hits, with the same scores, as scoring every matching chunk', () => {
    for (const query of queries) {
      const everything = scoreEverything(chunks, queryTermHashes(query));
      for (const limit of [1, 3, 10, 50]) {
        expect(postings.search(queryTermHashes(query), { limit })).toEqual(everything.slice(0, limit));
      }
    }
  });

  it('returns the same top hits as scoring every matching chunk of the documents in scope', () => {
    const documents = new Set(['document-3', 'document-11', 'document-30']);
    for (const query of queries) {
      const everything = scoreEverything(chunks, queryTermHashes(query), documents);
      for (const limit of [1, 10]) {
        expect(postings.search(queryTermHashes(query), { limit, documents })).toEqual(everything.slice(0, limit));
      }
    }
  });
});
