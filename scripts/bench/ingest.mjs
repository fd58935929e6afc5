// `npm run bench:ingest`: how fast the server ingests a generated mixed corpus.
// Generates the corpus (not timed), starts the compiled server on a fresh data folder,
// uploads everything, waits until every document is processed or failed, and prints
// throughput, latency and peak memory against the targets. Misses are reported, not
// fatal: the exit code is non-zero only when the run itself breaks.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { generateCorpus, TYPES } from './corpus.mjs';
import {
  assertServerBuilt,
  describeExit,
  getJson,
  MB,
  percentile,
  registerAdmin,
  sampleMemory,
  startServer,
} from './harness.mjs';

const TARGETS = { docsPerSecond: 20, pdfPagesPerSecond: 30, peakRssBytes: 1024 * MB };
const FILES_PER_REQUEST = 5;
const OVERALL_TIMEOUT_MS = 60 * 60_000;
const STATS_POLL_MS = 2_000;
const PROGRESS_EVERY_MS = 10_000;
const LIST_PAGE_SIZE = 100;
const FAILURES_SHOWN = 5;

const { values: options } = parseArgs({
  options: {
    docs: { type: 'string', default: '1000' },
    mb: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    embeddings: { type: 'string' },
    'cpu-prof': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (options.help) {
  console.log(`Usage: npm run bench:ingest -- [options]
  --docs N           documents in the corpus (default 1000)
  --mb N             megabytes in the corpus at least (default 100)
  --concurrency N    upload requests in flight, ${FILES_PER_REQUEST} files each (default 3)
  --embeddings DIR   a local embedding model folder (EMBEDDINGS_MODEL_PATH); default none
  --cpu-prof DIR     write CPU profiles of the server (every thread) into DIR
  --keep             keep the working folder (corpus, server data and log)`);
  process.exit(0);
}

const positive = (name) => {
  const value = Number(options[name]);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number, not "${options[name]}"`);
  return value;
};
const documentCount = Math.floor(positive('docs'));
const corpusBytes = Math.ceil(positive('mb') * MB);
const concurrency = Math.floor(positive('concurrency'));

const megabytes = (bytes) => (bytes / MB).toFixed(1);
const seconds = (ms) => (ms / 1000).toFixed(2);
const line = (label, value) => console.log(`${`${label}:`.padEnd(30)}${value}`);

assertServerBuilt();
const workDir = await mkdtemp(join(tmpdir(), 'docent-bench-ingest-'));
const corpusDir = join(workDir, 'corpus');
const dataDir = join(workDir, 'data');
await mkdir(corpusDir);

let server = null;
let socket = null;
let sampler = null;
try {
  console.log(
    `Docent ingest benchmark: ${availableParallelism()} cores, Node ${process.version}, ${process.platform}/${process.arch}`,
  );
  console.log(`Working folder: ${workDir}`);
  console.log('');

  const generationStart = performance.now();
  const corpus = await generateCorpus({
    folder: corpusDir,
    documents: documentCount,
    totalBytes: corpusBytes,
    onProgress: (done, total) => {
      if (done % 100 === 0 || done === total) process.stderr.write(`\rGenerating corpus: ${done}/${total}`);
    },
  });
  process.stderr.write('\n');
  printComposition(corpus, performance.now() - generationStart);

  const nodeArgs = options['cpu-prof']
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${options['cpu-prof']}`,
        '--import',
        new URL('./exit-after-shutdown.mjs', import.meta.url).href,
      ]
    : [];
  const env = options.embeddings ? { EMBEDDINGS_MODEL_PATH: options.embeddings } : {};
  server = await startServer({ dataDir, logFile: join(workDir, 'server.log'), env, nodeArgs });
  console.log(
    `Server: pid ${server.pid} at ${server.url}, ${options.embeddings ? `embeddings from ${options.embeddings}` : 'no embedding model'}`,
  );
  const token = await registerAdmin(server.url);

  const finished = new Set();
  let onFinished = () => {};
  socket = await connectDocumentsChannel(server.url, token, (message) => {
    if (
      message.kind === 'changed' &&
      (message.document.status === 'processed' || message.document.status === 'failed')
    ) {
      finished.add(message.document.id);
      onFinished();
    }
  });

  sampler = sampleMemory(server.pid);
  const uploads = await runUntilServerExits(
    server,
    uploadAndWait({ url: server.url, token, corpus, finished, setOnFinished: (listener) => (onFinished = listener) }),
  );
  const memory = sampler.stop();
  sampler = null;

  const { stats } = await getJson(server.url, '/api/documents/stats', token);
  const documents = await listAllDocuments(server.url, token);
  const failures = printResults({ corpus, uploads, stats, documents, memory });

  process.exitCode = failures > 0 ? 1 : 0;
} catch (error) {
  // fetch hides the network error (refused, reset, timed out) in its cause.
  const cause = error.cause ? ` (${error.cause.code ?? ''} ${error.cause.message})` : '';
  console.error(`\nThe benchmark run broke: ${error.message}${cause}`);
  process.exitCode = 1;
} finally {
  sampler?.stop();
  socket?.disconnect();
  await server?.stop();
  if (options.keep) console.log(`Kept ${workDir}`);
  else await rm(workDir, { recursive: true, force: true });
}

function printComposition(corpus, generationMs) {
  console.log(`Corpus (generated in ${seconds(generationMs)} s, not measured):`);
  console.log(`  ${'type'.padEnd(6)}${'docs'.padStart(7)}${'MB'.padStart(9)}`);
  for (const type of TYPES) {
    const ofType = corpus.filter((entry) => entry.type === type);
    const bytes = ofType.reduce((sum, entry) => sum + entry.bytes, 0);
    console.log(`  ${type.padEnd(6)}${String(ofType.length).padStart(7)}${megabytes(bytes).padStart(9)}`);
  }
  const total = corpus.reduce((sum, entry) => sum + entry.bytes, 0);
  const pages = corpus.reduce((sum, entry) => sum + (entry.pages ?? 0), 0);
  console.log(`  ${'total'.padEnd(6)}${String(corpus.length).padStart(7)}${megabytes(total).padStart(9)}`);
  console.log(`  PDF pages: ${pages}; largest file: ${megabytes(Math.max(...corpus.map((entry) => entry.bytes)))} MB`);
  console.log('');
}

function connectDocumentsChannel(url, token, onMessage) {
  const client = io(url, { path: '/ws', transports: ['websocket'], auth: { token } });
  client.on('documents', onMessage);
  return new Promise((resolve, reject) => {
    client.once('connect_error', (error) => reject(new Error(`Socket connection failed: ${error.message}`)));
    client.once('connect', () => {
      client.emit('subscribe', { channel: 'documents' }, (reply) => {
        if (reply?.success) resolve(client);
        else reject(new Error(`Subscribing to documents failed: ${reply?.error ?? 'no reply'}`));
      });
    });
  });
}

/** The work's result, unless the server exits first: then the run is broken. */
async function runUntilServerExits(server, work) {
  const crash = server.exited.then((exit) => {
    throw new Error(`The server exited during the run (${describeExit(exit)}):\n${server.logTail()}`);
  });
  return Promise.race([work, crash]);
}

/**
 * Uploads the corpus, `concurrency` requests of up to five files at a time, then waits
 * until every uploaded document has finished. The socket's pushes say when each one
 * finishes; the stats are polled as well, in case a push is missed.
 * Returns { startedAt, uploadStartById, uploadErrors } (times from Date.now()).
 */
async function uploadAndWait({ url, token, corpus, finished, setOnFinished }) {
  const batches = [];
  for (let index = 0; index < corpus.length; index += FILES_PER_REQUEST)
    batches.push(corpus.slice(index, index + FILES_PER_REQUEST));
  const uploadStartById = new Map();
  const uploadErrors = [];
  const startedAt = Date.now();

  let next = 0;
  const uploader = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      const form = new FormData();
      for (const entry of batch) form.append('document', await openAsBlob(entry.path), entry.name);
      const requestStart = Date.now();
      const response = await fetch(`${url}/api/documents/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = await response.json().catch(() => ({}));
      for (const result of body.results ?? []) {
        if (result.success) uploadStartById.set(result.document.id, requestStart);
        else uploadErrors.push(`${result.fileName}: ${result.status} ${result.error}`);
      }
      if (!body.results)
        uploadErrors.push(`${batch.map(({ name }) => name).join(', ')}: ${response.status} ${body.error ?? ''}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, uploader));
  const uploadedAt = Date.now();
  console.log(
    `Uploaded ${uploadStartById.size} documents in ${seconds(uploadedAt - startedAt)} s; waiting for processing…`,
  );

  const deadline = startedAt + OVERALL_TIMEOUT_MS;
  const allFinished = () => [...uploadStartById.keys()].every((id) => finished.has(id));
  let lastProgress = Date.now();
  while (!allFinished()) {
    if (Date.now() > deadline)
      throw new Error(`Not every document finished within ${OVERALL_TIMEOUT_MS / 60_000} minutes`);
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, STATS_POLL_MS);
      setOnFinished(() => {
        if (allFinished()) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const { stats } = await getJson(url, '/api/documents/stats', token);
    if (stats.processing === 0 && stats.processed + stats.failed >= uploadStartById.size) break;
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      console.log(
        `  ${seconds(lastProgress - startedAt)} s: ${stats.processed} processed, ${stats.failed} failed, ${stats.processing} in progress`,
      );
    }
  }
  return { startedAt, uploadStartById, uploadErrors };
}

async function listAllDocuments(url, token) {
  const documents = [];
  for (let page = 1; ; page++) {
    const body = await getJson(url, `/api/documents?pageSize=${LIST_PAGE_SIZE}&page=${page}`, token);
    documents.push(...body.documents);
    if (body.documents.length === 0 || documents.length >= body.total) return documents;
  }
}

/** Prints the figures and targets; returns how many documents did not make it (failed or refused). */
function printResults({ corpus, uploads, stats, documents, memory }) {
  const { startedAt, uploadStartById, uploadErrors } = uploads;
  const measured = documents.filter((document) => uploadStartById.has(document.id));
  const endOf = (document) => Date.parse(document.processedAt ?? document.uploadedAt);
  const finishedAt = Math.max(...measured.map(endOf));
  const wallSeconds = (finishedAt - startedAt) / 1000;
  const processed = measured.filter((document) => document.status === 'processed');
  const failed = measured.filter((document) => document.status !== 'processed');
  const latencies = measured
    .map((document) => endOf(document) - uploadStartById.get(document.id))
    .sort((a, b) => a - b);
  const pdfPages = processed
    .filter((document) => document.type === 'PDF')
    .reduce((sum, document) => sum + (document.metadata.pages ?? 0), 0);
  const totalBytes = corpus.reduce((sum, entry) => sum + entry.bytes, 0);

  const docsPerSecond = measured.length / wallSeconds;
  const pdfPagesPerSecond = pdfPages / wallSeconds;
  console.log('');
  console.log('Results');
  line('Cores', availableParallelism());
  line('Node', process.version);
  line('Documents', `${processed.length} processed, ${failed.length} failed, ${uploadErrors.length} refused at upload`);
  line('Wall time', `${seconds(finishedAt - startedAt)} s (first upload → last processed)`);
  line('Docs/s', docsPerSecond.toFixed(1));
  line('MB/s', (totalBytes / MB / wallSeconds).toFixed(2));
  line('Chunks/s', `${(stats.totalChunks / wallSeconds).toFixed(0)} (${stats.totalChunks} chunks)`);
  line('PDF pages/s', `${pdfPagesPerSecond.toFixed(1)} (${pdfPages} pages)`);
  line('Upload → processed p50', `${seconds(percentile(latencies, 0.5))} s`);
  line('Upload → processed p95', `${seconds(percentile(latencies, 0.95))} s`);
  line('Upload → processed max', `${seconds(latencies.at(-1))} s`);
  line(
    'Peak RSS, server',
    memory.serverPeakBytes === null ? 'n/a (needs /proc)' : `${megabytes(memory.serverPeakBytes)} MB`,
  );
  line('Peak RSS, benchmark client', `${megabytes(memory.clientPeakBytes)} MB`);

  for (const document of failed.slice(0, FAILURES_SHOWN))
    console.log(`  failed: ${document.name} (${document.type}): ${document.failureReason}`);
  for (const error of uploadErrors.slice(0, FAILURES_SHOWN)) console.log(`  refused: ${error}`);

  console.log('');
  console.log(
    `Targets (${availableParallelism()} cores, ${options.embeddings ? 'with an embedding model' : 'default indexing'})`,
  );
  const verdict = (ok) => (ok ? 'PASS' : 'MISS');
  line(
    `  docs/s ≥ ${TARGETS.docsPerSecond}`,
    `${verdict(docsPerSecond >= TARGETS.docsPerSecond)} (${docsPerSecond.toFixed(1)})`,
  );
  line(
    `  PDF pages/s ≥ ${TARGETS.pdfPagesPerSecond}`,
    `${verdict(pdfPagesPerSecond >= TARGETS.pdfPagesPerSecond)} (${pdfPagesPerSecond.toFixed(1)})`,
  );
  line(
    `  peak RSS ≤ ${TARGETS.peakRssBytes / MB} MB`,
    memory.serverPeakBytes === null
      ? 'n/a'
      : `${verdict(memory.serverPeakBytes <= TARGETS.peakRssBytes)} (${megabytes(memory.serverPeakBytes)} MB)`,
  );
  return failed.length + uploadErrors.length;
}
