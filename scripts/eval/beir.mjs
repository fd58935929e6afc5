// `npm run eval -- --dataset <folder>`: retrieval quality of the real ingestion and search
// path on a BEIR-format dataset (corpus.jsonl, queries.jsonl, qrels/<split>.tsv).
// Starts the compiled server on a fresh data folder, uploads every corpus entry as a
// Markdown file, waits until all are processed, runs every judged query through
// POST /api/search/rag for each available search type, and prints nDCG@10, Recall@100,
// MRR@10 and search latency. A missed target is reported, not fatal: the exit code is
// non-zero only when the run itself breaks.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { assertServerBuilt, getJson, percentile, registerAdmin, startServer } from '../bench/harness.mjs';
import { runUntilServerExits, uploadAndWait } from './corpus-upload.mjs';
import { ndcgAt, recallAt, reciprocalRankAt } from './metrics.mjs';

const SEARCH_TYPES = ['keyword', 'semantic', 'hybrid'];
const EMBEDDER_SEARCH_TYPES = new Set(['semantic', 'hybrid']);
/** The server's largest page of results: documents, each ranked by its best passage, as the scoring counts them. */
const SEARCH_LIMIT = 100;
const NDCG_CUTOFF = 10;
const RECALL_CUTOFF = 100;
const MRR_CUTOFF = 10;
const TARGET = { keywordNdcg: 0.68, publishedBm25Ndcg: 0.665 };
const FAILURES_SHOWN = 5;
/** Ranking is tuned on the first half of the judged queries and checked on the second. */
const HALVES = ['tune', 'check'];

const { values: options } = parseArgs({
  options: {
    dataset: { type: 'string' },
    split: { type: 'string' },
    'limit-queries': { type: 'string' },
    embeddings: { type: 'string' },
    halves: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (options.help) {
  console.log(`Usage: npm run eval -- --dataset FOLDER [options]
  --dataset FOLDER     a BEIR-format dataset: corpus.jsonl, queries.jsonl, qrels/<split>.tsv (required)
  --split NAME         the qrels split to score (default: the only .tsv in qrels/)
  --limit-queries N    score only the first N judged queries, for a quick run
  --embeddings DIR     a local embedding model folder (EMBEDDINGS_MODEL_PATH); default none
  --halves             also score the tune and check halves of the queries (split by a hash of the query id):
                       tune ranking on one, confirm on the other
  --keep               keep the working folder (corpus files, server data and log)`);
  process.exit(0);
}

const seconds = (ms) => (ms / 1000).toFixed(1);
const line = (label, value) => console.log(`${`${label}:`.padEnd(14)}${value}`);

let server = null;
let workDir = null;
try {
  if (!options.dataset) throw new Error('--dataset FOLDER is required (see --help)');
  const limitQueries = options['limit-queries'] === undefined ? Infinity : positiveWhole('limit-queries');
  assertServerBuilt();
  const dataset = await loadDataset(resolve(options.dataset), options.split, limitQueries);

  workDir = await mkdtemp(join(tmpdir(), 'docent-eval-'));
  const corpusDir = join(workDir, 'corpus');
  await mkdir(corpusDir);
  const files = await writeCorpusFiles(dataset.corpus, corpusDir);

  const env = options.embeddings ? { EMBEDDINGS_MODEL_PATH: resolve(options.embeddings) } : {};
  server = await startServer({ dataDir: join(workDir, 'data'), logFile: join(workDir, 'server.log'), env });
  const token = await registerAdmin(server.url);
  const ragEngine = (await getJson(server.url, '/status', token)).components['rag-engine'];
  const hasEmbedder = ragEngine?.status === 'ready';
  const searchTypes = SEARCH_TYPES.filter((type) => hasEmbedder || !EMBEDDER_SEARCH_TYPES.has(type));

  console.error(`Working folder: ${workDir}; server pid ${server.pid} at ${server.url}`);
  const ingest = await runUntilServerExits(server, uploadAndWait(server.url, token, files));
  const { stats } = await getJson(server.url, '/api/documents/stats', token);
  const failedDocuments =
    stats.failed > 0
      ? (await getJson(server.url, `/api/documents?status=failed&pageSize=${FAILURES_SHOWN}`, token)).documents
      : [];

  const results = [];
  for (const type of searchTypes) {
    results.push(
      await runUntilServerExits(server, evaluate(server.url, token, type, dataset.queries, ingest.keyByDocumentId)),
    );
  }

  printReport({ dataset, ingest, stats, failedDocuments, ragEngine, hasEmbedder, results });
} catch (error) {
  // fetch hides the network error (refused, reset, timed out) in its cause.
  const cause = error.cause ? ` (${error.cause.code ?? ''} ${error.cause.message})` : '';
  console.error(`\nThe evaluation run broke: ${error.message}${cause}`);
  process.exitCode = 1;
} finally {
  await server?.stop();
  if (workDir && options.keep) console.log(`Kept ${workDir}`);
  else if (workDir) await rm(workDir, { recursive: true, force: true });
}

function positiveWhole(name) {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive whole number, not "${options[name]}"`);
  return value;
}

async function readJsonLines(path) {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((entry) => entry.trim() !== '')
    .map((entry, index) => {
      try {
        return JSON.parse(entry);
      } catch (error) {
        throw new Error(`${path}, line ${index + 1}: ${error.message}`, { cause: error });
      }
    });
}

/** The split's qrels file: the one asked for, or the only one there is. */
async function qrelsFile(folder, split) {
  const qrelsDir = join(folder, 'qrels');
  const splits = (await readdir(qrelsDir))
    .filter((name) => name.endsWith('.tsv'))
    .map((name) => basename(name, '.tsv'));
  if (split !== undefined) {
    if (!splits.includes(split))
      throw new Error(`No qrels/${split}.tsv in ${folder}; there is: ${splits.join(', ') || 'none'}`);
    return { split, path: join(qrelsDir, `${split}.tsv`) };
  }
  if (splits.length !== 1)
    throw new Error(`Choose a split with --split: ${folder}/qrels holds ${splits.join(', ') || 'no .tsv file'}`);
  return { split: splits[0], path: join(qrelsDir, `${splits[0]}.tsv`) };
}

/** query id -> (corpus id -> graded relevance). The first row is the header. */
async function readQrels(path) {
  const relevanceByQuery = new Map();
  const rows = (await readFile(path, 'utf8')).split(/\r?\n/).slice(1);
  for (const row of rows.filter((entry) => entry.trim() !== '')) {
    const [queryId, corpusId, score] = row.split('\t');
    if (corpusId === undefined || !Number.isFinite(Number(score)))
      throw new Error(`${path}: a row is not "query-id<TAB>corpus-id<TAB>score": ${row}`);
    if (!relevanceByQuery.has(queryId)) relevanceByQuery.set(queryId, new Map());
    relevanceByQuery.get(queryId).set(corpusId, Number(score));
  }
  return relevanceByQuery;
}

/** The corpus, and the queries judged in the split (in queries.jsonl order) with their relevance. */
async function loadDataset(folder, split, limitQueries) {
  if (!(await stat(folder).catch(() => null))?.isDirectory()) throw new Error(`--dataset ${folder} is not a folder`);
  const qrels = await qrelsFile(folder, split);
  const relevanceByQuery = await readQrels(qrels.path);
  const corpus = (await readJsonLines(join(folder, 'corpus.jsonl'))).map((entry) => ({
    id: String(entry._id),
    title: entry.title ?? '',
    text: entry.text ?? '',
  }));
  const allQueries = await readJsonLines(join(folder, 'queries.jsonl'));
  const judged = allQueries
    .filter((query) => relevanceByQuery.has(String(query._id)))
    .map((query) => ({ id: String(query._id), text: query.text, relevance: relevanceByQuery.get(String(query._id)) }));
  if (judged.length === 0) throw new Error(`No query in queries.jsonl has qrels in ${qrels.path}`);
  return {
    name: basename(folder),
    folder,
    split: qrels.split,
    corpus,
    queries: judged.slice(0, limitQueries),
    judgedQueryCount: judged.length,
    queryCount: allQueries.length,
  };
}

/**
 * One Markdown file per corpus entry, named after its id. The id is URI-encoded so an id
 * with a path separator still names one file; entries without a title get no heading.
 * Returns [{ path, name, key: corpusId }].
 */
async function writeCorpusFiles(corpus, folder) {
  const files = [];
  for (const entry of corpus) {
    const name = `${encodeURIComponent(entry.id)}.md`;
    const path = join(folder, name);
    await writeFile(path, entry.title ? `# ${entry.title}\n\n${entry.text}\n` : `${entry.text}\n`);
    files.push({ path, name, key: entry.id });
  }
  return files;
}

/** The corpus ids of the hits in rank order, each document at its best (first) rank. */
function rankedCorpusIds(hits, corpusIdByDocumentId) {
  const ranked = new Set();
  for (const hit of hits) {
    const corpusId = corpusIdByDocumentId.get(hit.documentId);
    if (corpusId === undefined)
      throw new Error(`A hit came from document ${hit.documentId}, which this run did not upload`);
    ranked.add(corpusId);
  }
  return [...ranked];
}

/**
 * Runs every query once, one at a time so latencies are not skewed by each other; returns
 * the averaged metrics, the client's latency percentiles and the server's own median
 * (its `tookMs`), which tells search time from request overhead.
 */
async function evaluate(url, token, type, queries, corpusIdByDocumentId) {
  const latencies = [];
  const serverLatencies = [];
  const scores = [];
  let fellBack = false;
  for (const [index, query] of queries.entries()) {
    const startedAt = performance.now();
    const response = await fetch(`${url}/api/search/rag`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: query.text, options: { type, limit: SEARCH_LIMIT } }),
    });
    const body = await response.json().catch(() => ({}));
    latencies.push(performance.now() - startedAt);
    if (!response.ok)
      throw new Error(
        `${type} search for query ${query.id} answered ${response.status}: ${body.error ?? JSON.stringify(body)}`,
      );
    serverLatencies.push(body.tookMs);
    fellBack ||= body.fallback !== undefined;

    const ranked = rankedCorpusIds(body.results, corpusIdByDocumentId);
    scores.push({
      half: halfOf(query.id),
      ndcg: ndcgAt(ranked, query.relevance, NDCG_CUTOFF),
      recall: recallAt(ranked, query.relevance, RECALL_CUTOFF),
      mrr: reciprocalRankAt(ranked, query.relevance, MRR_CUTOFF),
    });
    if ((index + 1) % 200 === 0) console.error(`  ${type}: ${index + 1}/${queries.length} queries`);
  }
  latencies.sort((a, b) => a - b);
  serverLatencies.sort((a, b) => a - b);
  return {
    type,
    ...meanScores(scores),
    halves: Object.fromEntries(HALVES.map((half) => [half, meanScores(scores.filter((score) => score.half === half))])),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    serverP50: percentile(serverLatencies, 0.5),
    fellBack,
  };
}

/**
 * The half of the queries a query belongs to, from an FNV-1a hash of its id: the same
 * query always lands in the same half, whatever the order or number of queries.
 */
function halfOf(queryId) {
  let hash = 0x811c9dc5;
  for (const character of queryId) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193);
  return HALVES[(hash >>> 0) % 2];
}

function meanScores(scores) {
  const mean = (metric) => scores.reduce((sum, score) => sum + score[metric], 0) / Math.max(scores.length, 1);
  return { queries: scores.length, ndcg: mean('ndcg'), recall: mean('recall'), mrr: mean('mrr') };
}

function printReport({ dataset, ingest, stats, failedDocuments, ragEngine, hasEmbedder, results }) {
  const { keyByDocumentId: corpusIdByDocumentId, uploadErrors, ingestMs } = ingest;
  const queriesNote =
    dataset.queries.length < dataset.judgedQueryCount
      ? ` (first ${dataset.queries.length} of ${dataset.judgedQueryCount} judged: --limit-queries)`
      : '';
  console.log('');
  console.log('Docent retrieval evaluation (BEIR format)');
  line('Dataset', `${dataset.name} (${dataset.folder}), split ${dataset.split}`);
  line(
    'Documents',
    `${dataset.corpus.length} in the corpus: ${stats.processed} processed, ${stats.failed} failed, ${uploadErrors.length} refused at upload`,
  );
  line('Chunks', stats.totalChunks);
  line('Queries', `${dataset.queries.length} with qrels${queriesNote}; ${dataset.queryCount} in queries.jsonl`);
  line('Cores', `${availableParallelism()} (Node ${process.version}, ${process.platform}/${process.arch})`);
  line(
    'Ingest',
    `${seconds(ingestMs)} s, first upload to all processed (${(corpusIdByDocumentId.size / (ingestMs / 1000)).toFixed(1)} docs/s)`,
  );
  line(
    'Embedder',
    hasEmbedder
      ? ragEngine.embeddingModel
      : `none: semantic search is unavailable (${ragEngine?.message ?? 'no rag-engine status'}); hybrid skipped too, it would fall back to keyword`,
  );
  for (const document of failedDocuments) console.log(`  failed: ${document.name}: ${document.failureReason}`);
  for (const error of uploadErrors.slice(0, FAILURES_SHOWN)) console.log(`  refused: ${error}`);

  console.log('');
  console.log(
    `  ${'type'.padEnd(10)}${'nDCG@10'.padStart(9)}${'Recall@100'.padStart(12)}${'MRR@10'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'server p50'.padStart(12)}`,
  );
  for (const result of results) {
    console.log(
      `  ${result.type.padEnd(10)}${result.ndcg.toFixed(4).padStart(9)}${result.recall.toFixed(4).padStart(12)}${result.mrr.toFixed(4).padStart(9)}` +
        `${result.p50.toFixed(1).padStart(9)}${result.p95.toFixed(1).padStart(9)}${String(result.serverP50).padStart(12)}${result.fellBack ? '  (fell back to keyword)' : ''}`,
    );
    if (!options.halves) continue;
    for (const [half, scores] of Object.entries(result.halves)) {
      console.log(
        `    ${half.padEnd(8)}${scores.ndcg.toFixed(4).padStart(9)}${scores.recall.toFixed(4).padStart(12)}${scores.mrr.toFixed(4).padStart(9)}  (${scores.queries} queries)`,
      );
    }
  }

  const keyword = results.find((result) => result.type === 'keyword');
  const hybrid = results.find((result) => result.type === 'hybrid');
  const verdict = (met) => (met ? 'met' : 'MISS');
  console.log('');
  console.log('Targets');
  console.log(
    `  keyword nDCG@10 ≥ ${TARGET.keywordNdcg} (BEIR BM25 ${TARGET.publishedBm25Ndcg}): ${verdict(keyword.ndcg >= TARGET.keywordNdcg)} (${keyword.ndcg.toFixed(4)}, split ${dataset.split})`,
  );
  if (hybrid)
    console.log(
      `  hybrid nDCG@10 ≥ keyword: ${verdict(hybrid.ndcg >= keyword.ndcg)} (${hybrid.ndcg.toFixed(4)} vs ${keyword.ndcg.toFixed(4)})`,
    );
}
