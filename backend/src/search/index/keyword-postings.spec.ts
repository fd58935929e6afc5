import { describe, expect, it } from '@jest/globals';
import { BM25_B, BM25_K1, KeywordPostings, type PostedChunk, type PostingHit } from './keyword-postings.js';
import { postingsOf, queryTermHashes } from './postings.js';

let nextChunkId = 1;

function chunkOf(text: string): PostedChunk {
  return { id: nextChunkId++, ...postingsOf(text) };
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

type Corpus = { document: string; chunk: PostedChunk }[];

/** What `key` adds to `chunk`'s score by the formula written out, over the statistics of `chunks` (0 if the chunk lacks it). */
function contributionIn(chunks: Corpus): (key: number, chunk: PostedChunk) => number {
  const tokens = chunks.reduce((sum, { chunk }) => sum + chunk.tokenCount, 0);
  const averageLength = Math.max(tokens / chunks.length, 1);
  const frequencies = new Map<number, number>();
  for (const { chunk } of chunks) {
    for (const key of chunk.termHashes) frequencies.set(key, (frequencies.get(key) ?? 0) + 1);
  }
  return (key, chunk) => {
    const place = chunk.termHashes.indexOf(key);
    if (place < 0) return 0;
    const df = frequencies.get(key)!;
    const idf = Math.log(1 + (chunks.length - df + 0.5) / (df + 0.5));
    const norm = BM25_K1 * (1 - BM25_B) + ((BM25_K1 * BM25_B) / averageLength) * chunk.tokenCount;
    return idf * (BM25_K1 + 1) * (1 - norm / (chunk.termFreqs[place]! + norm));
  };
}

/** Every chunk holding a query term, scored in full by the formula written out, best first (ties by chunk id). */
function scoreEverything(chunks: Corpus, termKeys: number[], documents?: ReadonlySet<string>): PostingHit[] {
  const contribution = contributionIn(chunks);
  const terms = [...new Set(termKeys)]
    .map((key) => ({ key, df: chunks.filter(({ chunk }) => chunk.termHashes.includes(key)).length }))
    .filter((term) => term.df > 0)
    .sort((a, b) => a.df - b.df || (String(a.key) < String(b.key) ? -1 : 1));
  return chunks
    .filter(({ document }) => !documents || documents.has(document))
    .filter(({ chunk }) => terms.some((term) => chunk.termHashes.includes(term.key)))
    .map(({ document, chunk }) => ({
      chunkId: String(chunk.id),
      documentId: document,
      score: terms.reduce((sum, { key }) => sum + contribution(key, chunk), 0),
    }))
    .sort((a, b) => b.score - a.score || Number(a.chunkId) - Number(b.chunkId));
}

describe('KeywordPostings top-k pruning', () => {
  const random = randomFrom(20261128);
  // A Zipfian vocabulary: a few words in most chunks, most words in few, as in real text.
  const vocabulary = Array.from({ length: 300 }, (_, rank) => `word${rank}x`);
  const word = () => vocabulary[Math.floor(vocabulary.length ** random()) - 1]!;
  const between = (least: number, most: number) => least + Math.floor(random() * (most - least + 1));
  const queries = Array.from({ length: 60 }, () => Array.from({ length: between(1, 6) }, word).join(' '));

  /** `count` chunks of `length()` words, each word repeating the one before it with chance `repeat`, in 37 documents. */
  function corpusOf(count: number, shape: { length: () => number; repeat: number; prefix: string }): Corpus {
    return Array.from({ length: count }, (_, position) => {
      const words: string[] = [];
      for (let left = shape.length(); left > 0; left--) {
        words.push(words.length > 0 && random() < shape.repeat ? words.at(-1)! : word());
      }
      return { document: `${shape.prefix}-${position % 37}`, chunk: chunkOf(words.join(' ')) };
    });
  }

  function indexed(chunks: Corpus): KeywordPostings {
    const postings = new KeywordPostings();
    for (const { document, chunk } of chunks) postings.addChunk(document, chunk);
    return postings;
  }

  /** The index's hits are exactly those of scoring every live chunk, in and out of a scope, at several limits. */
  function expectExactHits(postings: KeywordPostings, live: Corpus): void {
    const documents = new Set([live[3]!.document, live[11]!.document, live[30]!.document]);
    for (const query of queries) {
      const everything = scoreEverything(live, queryTermHashes(query));
      for (const limit of [1, 3, 10, 50]) {
        expect(postings.search(queryTermHashes(query), { limit })).toEqual(everything.slice(0, limit));
      }
      const inScope = scoreEverything(live, queryTermHashes(query), documents);
      for (const limit of [1, 10]) {
        expect(postings.search(queryTermHashes(query), { limit, documents })).toEqual(inScope.slice(0, limit));
      }
    }
  }

  /** Every term's contribution to a live chunk above the bound search prunes with (none while the bounds hold). */
  function contributionsAboveBounds(postings: KeywordPostings, live: Corpus): string[] {
    const keys = [...new Set(live.flatMap(({ chunk }) => chunk.termHashes))];
    const bounds = postings.scoreBounds(keys);
    const contribution = contributionIn(live);
    return live.flatMap(({ chunk }) =>
      chunk.termHashes
        .filter((key) => !(contribution(key, chunk) <= bounds.get(key)!))
        .map((key) => `term ${key} adds ${contribution(key, chunk)} to chunk ${chunk.id}, bound ${bounds.get(key)}`),
    );
  }

  const ordinary = corpusOf(1_500, { length: () => between(5, 64), repeat: 0, prefix: 'ordinary' });
  // Repeated words give counts up to dozens, far above the few that ordinary chunks reach.
  const repetitive = corpusOf(1_500, { length: () => between(5, 64), repeat: 0.6, prefix: 'repetitive' });
  // Chunks of one to three words have the least norm, so the largest contributions.
  const mixedLengths = () => (random() < 0.3 ? between(1, 3) : between(20, 120));
  const shortAndLong = corpusOf(1_500, { length: mixedLengths, repeat: 0.2, prefix: 'short-and-long' });

  it.each([
    ['ordinary chunks', ordinary],
    ['chunks with high counts', repetitive],
    ['very short chunks among long ones', shortAndLong],
  ])('returns the same top hits, with the same scores, as scoring every matching chunk: %s', (_, chunks) => {
    const postings = indexed(chunks);
    expectExactHits(postings, chunks);
    expect(contributionsAboveBounds(postings, chunks)).toEqual([]);
  });

  it('stays exact, and within its bounds, as documents are removed and chunks added', () => {
    const postings = indexed(shortAndLong);
    // A third of the documents go, taking the shortest chunks and highest counts of many terms with them.
    const removed = new Set(
      Array.from({ length: 37 }, (_, document) => `short-and-long-${document}`).filter((_, n) => n % 3 === 0),
    );
    postings.removeDocuments(removed);
    let live = shortAndLong.filter(({ document }) => !removed.has(document));
    expectExactHits(postings, live);
    expect(contributionsAboveBounds(postings, live)).toEqual([]);

    // Then chunks shorter and with higher counts than any left, in kept documents and in removed ones come back.
    const added = corpusOf(300, { length: () => between(1, 8), repeat: 0.7, prefix: 'short-and-long' });
    for (const { document, chunk } of added) postings.addChunk(document, chunk);
    live = [...live, ...added];
    expectExactHits(postings, live);
    expect(contributionsAboveBounds(postings, live)).toEqual([]);
  });
});
