/**
 * BM25's term-frequency saturation and length normalisation, chosen on the tune half of
 * SciFact's development queries (Lucene's defaults are 1.2 and 0.75): chunks are short and
 * alike in length, so normalising less for length ranks better (see README).
 */
export const BM25_K1 = 1.0;
export const BM25_B = 0.4;
/** BM25's length norm k1 * (1 - b + b * |c| / avg|c|) is NORM_BASE + |c| * (k1 * b / avg|c|). */
const NORM_BASE = BM25_K1 * (1 - BM25_B);

/** Above every chunk ordinal: no candidate left. */
const NO_CHUNK = 0x7fffffff;
/** Slack for rounding in the score sums: a bound prunes only when it is clearly below θ. */
const BOUND_SLACK = 1e-9;
/** A term's count in one chunk is kept in 16 bits; no chunk of the chunker's size comes near. */
const MAX_TERM_FREQUENCY = 0xffff;
const INITIAL_CAPACITY = 4;

/** A chunk as the keyword index holds it: its postings (sorted keys, counts in the same order) and length. */
export interface PostedChunk {
  /** The chunks table's bigint key, exact in a JavaScript number. */
  id: number;
  tokenCount: number;
  termHashes: readonly number[];
  termFreqs: readonly number[];
}

/** A chunk a keyword search found, with its BM25 score. */
export interface PostingHit {
  chunkId: string;
  documentId: string;
  score: number;
}

/**
 * One term's chunks in ascending ordinal order, with its count in each; arrays grow by doubling.
 * Its largest count and the shortest of its chunks bound what it adds to any chunk's score;
 * removing chunks only lowers the true largest count and raises the true shortest length,
 * so until compaction recomputes them they stay bounds, just looser.
 */
interface TermPostings {
  chunks: Int32Array;
  freqs: Uint16Array;
  length: number;
  maxFreq: number;
  minLength: number;
}

/**
 * A query term found in the index: its weight idf * (k1 + 1), and its bound, the most it
 * adds to any of its chunks' scores (weight * maxFreq / (maxFreq + the shortest chunk's norm)).
 */
interface QueryTerm {
  key: number;
  postings: TermPostings;
  weight: number;
  bound: number;
}

/**
 * The keyword index held in the server's memory: for each term key, the chunks holding it
 * and how often, in typed arrays; each chunk's length and document; and the corpus counts
 * BM25 needs. Chunks get dense ordinals as they are added, so every term's list is sorted.
 *
 * Scoring is exact Okapi BM25, as the SQL index scored it: for each query term t in chunk c,
 * idf(t) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * |c| / avg|c|)), with
 * idf(t) = ln(1 + (N - df + 0.5) / (df + 0.5)), summed rarest term first; N, df and avg|c|
 * are over the whole index, so a chunk scores the same whoever searches.
 *
 * Removing a document only marks its chunks; the next search first drops them from every
 * list in one pass (exact document frequencies need that), renumbering the chunks left,
 * so memory holds only live chunks.
 */
export class KeywordPostings {
  private readonly terms = new Map<number, TermPostings>();
  private chunkIds = new Float64Array(INITIAL_CAPACITY);
  /** Each chunk's document ordinal; -1 for a removed chunk not yet dropped. */
  private chunkDocuments = new Int32Array(INITIAL_CAPACITY);
  private chunkLengths = new Uint32Array(INITIAL_CAPACITY);
  /** Chunk ordinals in use, removed ones included until the next compaction. */
  private slots = 0;
  private documentIds: string[] = [];
  private documentOrdinals = new Map<string, number>();
  private liveChunks = 0;
  private totalTokens = 0;
  private removedChunks = 0;

  get chunkCount(): number {
    return this.liveChunks;
  }

  get termCount(): number {
    return this.terms.size;
  }

  /** Bytes the typed arrays hold (capacity, not just what is used): the bulk of the index. */
  get arrayBytes(): number {
    let bytes = this.chunkIds.byteLength + this.chunkDocuments.byteLength + this.chunkLengths.byteLength;
    for (const postings of this.terms.values()) bytes += postings.chunks.byteLength + postings.freqs.byteLength;
    return bytes;
  }

  addChunk(documentId: string, chunk: PostedChunk): void {
    const ordinal = this.slots++;
    if (ordinal === this.chunkIds.length) this.growChunks();
    this.chunkIds[ordinal] = chunk.id;
    this.chunkDocuments[ordinal] = this.documentOrdinal(documentId);
    this.chunkLengths[ordinal] = chunk.tokenCount;
    this.liveChunks++;
    this.totalTokens += chunk.tokenCount;
    for (const [place, key] of chunk.termHashes.entries()) {
      let postings = this.terms.get(key);
      if (!postings) {
        postings = {
          chunks: new Int32Array(INITIAL_CAPACITY),
          freqs: new Uint16Array(INITIAL_CAPACITY),
          length: 0,
          maxFreq: 0,
          minLength: chunk.tokenCount,
        };
        this.terms.set(key, postings);
      }
      if (postings.length === postings.chunks.length)
        resizePostings(postings, Math.max(postings.length * 2, INITIAL_CAPACITY));
      const freq = Math.min(chunk.termFreqs[place]!, MAX_TERM_FREQUENCY);
      postings.chunks[postings.length] = ordinal;
      postings.freqs[postings.length] = freq;
      postings.length++;
      postings.maxFreq = Math.max(postings.maxFreq, freq);
      postings.minLength = Math.min(postings.minLength, chunk.tokenCount);
    }
  }

  /** Removes the documents' chunks; they stop counting in N and avg|c| at once, and in df at the next search. */
  removeDocuments(documentIds: Iterable<string>): void {
    const removed = new Uint8Array(this.documentIds.length);
    let any = false;
    for (const id of documentIds) {
      const document = this.documentOrdinals.get(id);
      if (document === undefined) continue;
      removed[document] = 1;
      any = true;
    }
    if (!any) return;
    for (let ordinal = 0; ordinal < this.slots; ordinal++) {
      const document = this.chunkDocuments[ordinal]!;
      if (document < 0 || removed[document] === 0) continue;
      this.chunkDocuments[ordinal] = -1;
      this.liveChunks--;
      this.totalTokens -= this.chunkLengths[ordinal]!;
      this.removedChunks++;
    }
  }

  /**
   * The `limit` best chunks for the query's term keys, best first (ties by chunk id), among
   * the chunks of `documents` when given. Exact top-k with MaxScore pruning: a term adds at
   * most its bound to any chunk's score, so once `limit` chunks score at least θ, the terms
   * of least bound whose bounds sum to less than θ are only looked up in chunks that the
   * other terms put in reach of θ, and their lists are never walked.
   */
  search(termKeys: readonly number[], options: { limit: number; documents?: ReadonlySet<string> }): PostingHit[] {
    if (options.limit < 1) return [];
    this.compact();
    const normPerToken = this.normPerToken();
    const terms = this.queryTerms(termKeys, normPerToken);
    if (terms.length === 0) return [];
    const accepted = options.documents ? this.documentMask(options.documents) : null;

    // Summed in `terms` order (rarest first), as the SQL index summed, whichever terms pruning reads first.
    const byBound = terms.map((_, index) => index).sort((a, b) => terms[a]!.bound - terms[b]!.bound);
    // The loops below read each term's list by its place in byBound, from flat arrays.
    const lists = byBound.map((term) => terms[term]!.postings.chunks);
    const freqs = byBound.map((term) => terms[term]!.postings.freqs);
    const lengths = Int32Array.from(byBound, (term) => terms[term]!.postings.length);
    const weights = Float64Array.from(byBound, (term) => terms[term]!.weight);
    /** reach[i]: the most the i + 1 terms of least bound add together. */
    const reach = new Float64Array(terms.length);
    byBound.reduce((sum, term, place) => (reach[place] = sum + terms[term]!.bound), 0);
    const cursors = new Int32Array(terms.length);
    /** Each term's contribution to the current candidate, by its place in `terms` (for the exact sum). */
    const contributions = new Float64Array(terms.length);
    /** The candidate each term's contribution was last set for: older ones count as zero. */
    const contributedTo = new Int32Array(terms.length).fill(-1);
    const top = new TopChunks(options.limit, this.chunkIds);
    let threshold = top.threshold;
    /** byBound[0 .. firstEssential - 1] are the terms no chunk can reach θ with alone. */
    let firstEssential = 0;
    const nextCandidate = (): number => {
      let next = NO_CHUNK;
      for (let place = firstEssential; place < terms.length; place++) {
        if (cursors[place]! < lengths[place]!) next = Math.min(next, lists[place]![cursors[place]!]!);
      }
      return next;
    };

    let candidate = nextCandidate();
    while (candidate !== NO_CHUNK) {
      const norm = NORM_BASE + normPerToken * this.chunkLengths[candidate]!;
      const inScope = accepted === null || accepted[this.chunkDocuments[candidate]!] === 1;
      let score = 0;
      // Scores the candidate in the essential lists and finds the next candidate in the same pass.
      let next = NO_CHUNK;
      for (let place = firstEssential; place < terms.length; place++) {
        let at = cursors[place]!;
        const length = lengths[place]!;
        // Past its length a list's array holds what compaction moved down, ordinals no longer its own.
        if (at >= length) continue;
        const list = lists[place]!;
        if (list[at] === candidate) {
          if (inScope) {
            const contribution = weights[place]! * (1 - norm / (freqs[place]![at]! + norm));
            const term = byBound[place]!;
            contributions[term] = contribution;
            contributedTo[term] = candidate;
            score += contribution;
          }
          cursors[place] = ++at;
          if (at >= length) continue;
        }
        next = Math.min(next, list[at]!);
      }
      const scored = candidate;
      candidate = next;
      if (!inScope) continue;
      let inReach = true;
      for (let place = firstEssential - 1; place >= 0; place--) {
        if ((score + reach[place]!) * (1 + BOUND_SLACK) < threshold) {
          inReach = false;
          break;
        }
        const list = lists[place]!;
        const at = seek(list, lengths[place]!, cursors[place]!, scored);
        cursors[place] = at;
        if (at >= lengths[place]! || list[at] !== scored) continue;
        const contribution = weights[place]! * (1 - norm / (freqs[place]![at]! + norm));
        const term = byBound[place]!;
        contributions[term] = contribution;
        contributedTo[term] = scored;
        score += contribution;
      }
      // The sum in pruning order differs from the exact one by rounding alone: most candidates stop here.
      if (!inReach || score * (1 + BOUND_SLACK) < threshold) continue;
      let total = 0;
      for (let term = 0; term < terms.length; term++) {
        if (contributedTo[term] === scored) total += contributions[term]!;
      }
      if (!top.offer(scored, total)) continue;
      threshold = top.threshold;
      const essentialBefore = firstEssential;
      while (firstEssential < terms.length && reach[firstEssential]! * (1 + BOUND_SLACK) < threshold) {
        firstEssential++;
      }
      // The next candidate may have come from a list no longer walked.
      if (firstEssential !== essentialBefore) candidate = nextCandidate();
    }
    return top.best().map(({ ordinal, score }) => ({
      chunkId: String(this.chunkIds[ordinal]),
      documentId: this.documentIds[this.chunkDocuments[ordinal]!]!,
      score,
    }));
  }

  /**
   * The most each of the query's terms found in the index adds to any chunk's score, by key:
   * the bounds search prunes with, for checking them against the real contributions.
   */
  scoreBounds(termKeys: readonly number[]): Map<number, number> {
    this.compact();
    return new Map(this.queryTerms(termKeys, this.normPerToken()).map(({ key, bound }) => [key, bound]));
  }

  /** What each token of a chunk adds to its length norm, k1 * b / avg|c|. */
  private normPerToken(): number {
    const averageLength = Math.max(this.totalTokens / Math.max(this.liveChunks, 1), 1);
    return (BM25_K1 * BM25_B) / averageLength;
  }

  /** The query's terms found in the index with their weights and bounds, rarest first (then by key, as text). */
  private queryTerms(termKeys: readonly number[], normPerToken: number): QueryTerm[] {
    const chunks = Math.max(this.liveChunks, 1);
    return [...new Set(termKeys)]
      .flatMap((key) => {
        const postings = this.terms.get(key);
        return postings ? [{ key, postings }] : [];
      })
      .sort((a, b) => a.postings.length - b.postings.length || (String(a.key) < String(b.key) ? -1 : 1))
      .map(({ key, postings }) => {
        const weight = Math.log(1 + (chunks - postings.length + 0.5) / (postings.length + 0.5)) * (BM25_K1 + 1);
        // The same expression as a contribution, so a chunk holding both extremes meets the bound exactly.
        const leastNorm = NORM_BASE + normPerToken * postings.minLength;
        return { key, postings, weight, bound: weight * (1 - leastNorm / (postings.maxFreq + leastNorm)) };
      });
  }

  private documentMask(documents: ReadonlySet<string>): Uint8Array {
    const mask = new Uint8Array(this.documentIds.length);
    for (const id of documents) {
      const ordinal = this.documentOrdinals.get(id);
      if (ordinal !== undefined) mask[ordinal] = 1;
    }
    return mask;
  }

  private documentOrdinal(documentId: string): number {
    let ordinal = this.documentOrdinals.get(documentId);
    if (ordinal === undefined) {
      ordinal = this.documentIds.push(documentId) - 1;
      this.documentOrdinals.set(documentId, ordinal);
    }
    return ordinal;
  }

  /**
   * Drops removed chunks from every term's list (a term left with none is forgotten), and
   * renumbers the chunks and documents left in their order, so every list stays sorted.
   */
  private compact(): void {
    if (this.removedChunks === 0) return;
    const renumbered = new Int32Array(this.slots);
    const documentIds: string[] = [];
    const documentOrdinals = new Map<string, number>();
    let kept = 0;
    for (let ordinal = 0; ordinal < this.slots; ordinal++) {
      const document = this.chunkDocuments[ordinal]!;
      if (document < 0) {
        renumbered[ordinal] = -1;
        continue;
      }
      const id = this.documentIds[document]!;
      let newDocument = documentOrdinals.get(id);
      if (newDocument === undefined) {
        newDocument = documentIds.push(id) - 1;
        documentOrdinals.set(id, newDocument);
      }
      renumbered[ordinal] = kept;
      this.chunkIds[kept] = this.chunkIds[ordinal]!;
      this.chunkDocuments[kept] = newDocument;
      this.chunkLengths[kept] = this.chunkLengths[ordinal]!;
      kept++;
    }
    for (const [key, postings] of this.terms) {
      let length = 0;
      let maxFreq = 0;
      let minLength = Infinity;
      for (let place = 0; place < postings.length; place++) {
        const ordinal = renumbered[postings.chunks[place]!]!;
        if (ordinal < 0) continue;
        const freq = postings.freqs[place]!;
        postings.chunks[length] = ordinal;
        postings.freqs[length] = freq;
        length++;
        maxFreq = Math.max(maxFreq, freq);
        minLength = Math.min(minLength, this.chunkLengths[ordinal]!);
      }
      if (length === 0) {
        this.terms.delete(key);
        continue;
      }
      postings.length = length;
      postings.maxFreq = maxFreq;
      postings.minLength = minLength;
      if (length * 4 < postings.chunks.length) resizePostings(postings, length * 2);
    }
    this.slots = kept;
    this.documentIds = documentIds;
    this.documentOrdinals = documentOrdinals;
    this.removedChunks = 0;
  }

  /** Gives back the room the arrays grew into, once a bulk load is done (growth doubles, so up to half is unused). */
  trim(): void {
    for (const postings of this.terms.values()) {
      if (postings.length < postings.chunks.length) resizePostings(postings, postings.length);
    }
    const capacity = Math.max(this.slots, INITIAL_CAPACITY);
    this.chunkIds = this.chunkIds.slice(0, capacity);
    this.chunkDocuments = this.chunkDocuments.slice(0, capacity);
    this.chunkLengths = this.chunkLengths.slice(0, capacity);
  }

  private growChunks(): void {
    const capacity = this.chunkIds.length * 2;
    this.chunkIds = grown(this.chunkIds, new Float64Array(capacity));
    this.chunkDocuments = grown(this.chunkDocuments, new Int32Array(capacity));
    this.chunkLengths = grown(this.chunkLengths, new Uint32Array(capacity));
  }
}

function grown<Array extends Float64Array | Int32Array | Uint32Array>(from: Array, to: Array): Array {
  to.set(from);
  return to;
}

function resizePostings(postings: TermPostings, capacity: number): void {
  const chunks = new Int32Array(capacity);
  const freqs = new Uint16Array(capacity);
  chunks.set(postings.chunks.subarray(0, postings.length));
  freqs.set(postings.freqs.subarray(0, postings.length));
  postings.chunks = chunks;
  postings.freqs = freqs;
}

/** The first place at or after `from` whose chunk is `chunk` or later (galloping, then binary search). */
function seek(chunks: Int32Array, length: number, from: number, chunk: number): number {
  if (from >= length || chunks[from]! >= chunk) return from;
  let low = from;
  let step = 1;
  while (low + step < length && chunks[low + step]! < chunk) {
    low += step;
    step *= 2;
  }
  let high = Math.min(low + step, length);
  while (low + 1 < high) {
    const middle = (low + high) >>> 1;
    if (chunks[middle]! < chunk) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The best `limit` chunks offered so far, in a heap whose root is the worst kept: the lowest
 * score, and of equal scores the highest chunk id (ties go to the lower id, as before).
 */
class TopChunks {
  private readonly ordinals: Int32Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(
    private readonly limit: number,
    private readonly chunkIds: Float64Array,
  ) {
    this.ordinals = new Int32Array(limit);
    this.scores = new Float64Array(limit);
  }

  /** The score a chunk must reach to enter, once `limit` are kept. */
  get threshold(): number {
    return this.size < this.limit ? -Infinity : this.scores[0]!;
  }

  /** Keeps the chunk if it is among the best so far; whether the threshold may have risen. */
  offer(ordinal: number, score: number): boolean {
    if (this.size < this.limit) {
      this.ordinals[this.size] = ordinal;
      this.scores[this.size] = score;
      this.siftUp(this.size++);
      return this.size === this.limit;
    }
    if (!this.worse(0, ordinal, score)) return false;
    this.ordinals[0] = ordinal;
    this.scores[0] = score;
    this.siftDown(0);
    return true;
  }

  best(): { ordinal: number; score: number }[] {
    return Array.from({ length: this.size }, (_, place) => ({
      ordinal: this.ordinals[place]!,
      score: this.scores[place]!,
    })).sort((a, b) => b.score - a.score || this.chunkIds[a.ordinal]! - this.chunkIds[b.ordinal]!);
  }

  /** Whether the kept chunk at `place` ranks below (ordinal, score). */
  private worse(place: number, ordinal: number, score: number): boolean {
    const kept = this.scores[place]!;
    return kept < score || (kept === score && this.chunkIds[this.ordinals[place]!]! > this.chunkIds[ordinal]!);
  }

  private siftUp(place: number): void {
    while (place > 0) {
      const parent = (place - 1) >> 1;
      if (!this.worse(place, this.ordinals[parent]!, this.scores[parent]!)) return;
      this.swap(place, parent);
      place = parent;
    }
  }

  private siftDown(place: number): void {
    for (;;) {
      let worst = place;
      for (const child of [2 * place + 1, 2 * place + 2]) {
        if (child < this.size && this.worse(child, this.ordinals[worst]!, this.scores[worst]!)) worst = child;
      }
      if (worst === place) return;
      this.swap(place, worst);
      place = worst;
    }
  }

  private swap(a: number, b: number): void {
    [this.ordinals[a], this.ordinals[b]] = [this.ordinals[b]!, this.ordinals[a]!];
    [this.scores[a], this.scores[b]] = [this.scores[b]!, this.scores[a]!];
  }
}
