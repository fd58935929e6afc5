// `npm run eval:answers -- --dataset <file.json>`: answer quality of grounded chat on a
// SQuAD 2.0 file. Starts the compiled server on a fresh data folder, uploads every
// paragraph as its own Markdown document (so each question's gold document is known),
// waits until all are processed, asks each answerable question through POST /api/chat
// (a new session each) and reads the streamed answer. Prints how often the gold
// paragraph is among the retrieved sources and among the cited ones, how often a gold
// answer appears in the answer text, how often the answer says the documents do not
// hold it, answer latency, and the model that answered; with --include-unanswerable,
// how often it abstains on questions the paragraphs cannot answer. Failed answers are
// counted and shown, not fatal: the exit code is non-zero only when the run itself breaks.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { assertServerBuilt, getJson, percentile, registerAdmin, startServer } from '../bench/harness.mjs';
import { runUntilServerExits, uploadAndWait } from './corpus-upload.mjs';
import { describeShare, sampleInOrder, scoreAnswer, summarizeOutcomes } from './answer-metrics.mjs';
import { readEvents } from './server-sent-events.mjs';

const ANSWER_TIMEOUT_MS = 5 * 60_000;
const PROGRESS_EVERY_MS = 15_000;
const FAILURES_SHOWN = 5;
const DEFAULT_SEED = 1;

const { values: options } = parseArgs({
  options: {
    dataset: { type: 'string' },
    'limit-questions': { type: 'string' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    'include-unanswerable': { type: 'boolean', default: false },
    'search-type': { type: 'string' },
    model: { type: 'string' },
    embeddings: { type: 'string' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (options.help) {
  console.log(`Usage: npm run eval:answers -- --dataset FILE [options]
  --dataset FILE          a SQuAD 2.0 JSON file (data[].paragraphs[].{context, qas[]}) (required)
  --limit-questions N     ask N answerable questions, a seeded sample spread over the file (default: all)
  --seed N                the sample's seed (default ${DEFAULT_SEED}); the same seed asks the same questions
  --concurrency N         questions in flight at once (default 2)
  --include-unanswerable  also ask the unanswerable questions (as many as --limit-questions) and score abstention
  --search-type TYPE      keyword, semantic or hybrid retrieval for the answers (default: the server's)
  --model ID              the model to answer with (default: auto, the router's choice)
  --embeddings DIR        a local embedding model folder (EMBEDDINGS_MODEL_PATH); default none
  --keep                  keep the working folder (paragraph files, server data and log)`);
  process.exit(0);
}

const seconds = (ms) => (ms / 1000).toFixed(1);
const line = (label, value) => console.log(`${`${label}:`.padEnd(18)}${value}`);

let server = null;
let workDir = null;
try {
  if (!options.dataset) throw new Error('--dataset FILE is required (see --help)');
  const limitQuestions = options['limit-questions'] === undefined ? Infinity : positiveWhole('limit-questions');
  const seed = options.seed === undefined ? DEFAULT_SEED : wholeNumber('seed');
  const concurrency = positiveWhole('concurrency');
  assertServerBuilt();
  const dataset = await loadDataset(resolve(options.dataset));
  const answerable = sampleInOrder(
    dataset.questions.filter((question) => !question.impossible),
    limitQuestions,
    seed,
  );
  const unanswerable = options['include-unanswerable']
    ? sampleInOrder(
        dataset.questions.filter((question) => question.impossible),
        limitQuestions,
        seed,
      )
    : [];

  workDir = await mkdtemp(join(tmpdir(), 'docent-eval-answers-'));
  const paragraphDir = join(workDir, 'paragraphs');
  await mkdir(paragraphDir);
  const files = await writeParagraphFiles(dataset.paragraphs, paragraphDir);

  const env = options.embeddings ? { EMBEDDINGS_MODEL_PATH: resolve(options.embeddings) } : {};
  server = await startServer({ dataDir: join(workDir, 'data'), logFile: join(workDir, 'server.log'), env });
  const token = await registerAdmin(server.url);
  const ragEngine = (await getJson(server.url, '/status', token)).components['rag-engine'];

  console.error(`Working folder: ${workDir}; server pid ${server.pid} at ${server.url}`);
  const ingest = await runUntilServerExits(server, uploadAndWait(server.url, token, files));
  const { stats } = await getJson(server.url, '/api/documents/stats', token);
  const failedDocuments =
    stats.failed > 0
      ? (await getJson(server.url, `/api/documents?status=failed&pageSize=${FAILURES_SHOWN}`, token)).documents
      : [];

  const documentIdByParagraph = new Map(
    [...ingest.keyByDocumentId].map(([documentId, paragraphKey]) => [paragraphKey, documentId]),
  );
  const ask = { url: server.url, token, concurrency, documentIdByParagraph };
  const answered = await runUntilServerExits(server, askAll(ask, answerable, 'answerable'));
  const abstaining = await runUntilServerExits(server, askAll(ask, unanswerable, 'unanswerable'));

  printReport({ dataset, ingest, stats, failedDocuments, ragEngine, seed, concurrency, answered, abstaining });
  const outcomes = [...answered.outcomes, ...abstaining.outcomes];
  if (outcomes.length > 0 && outcomes.every((outcome) => outcome.error))
    throw new Error('No question was answered: every POST /api/chat failed (see above)');
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

function wholeNumber(name) {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, not "${options[name]}"`);
  return value;
}

function positiveWhole(name) {
  const value = wholeNumber(name);
  if (value === 0) throw new Error(`--${name} must be a positive whole number, not "${options[name]}"`);
  return value;
}

/**
 * Every paragraph, keyed "<article index>/<paragraph index>", and every question with
 * its paragraph's key and gold answer texts, in file order.
 */
async function loadDataset(path) {
  let json;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`--dataset ${path} is not a readable JSON file: ${error.message}`, { cause: error });
  }
  if (!Array.isArray(json?.data)) throw new Error(`${path} is not in SQuAD format: no "data" list`);
  const paragraphs = [];
  const questions = [];
  json.data.forEach((article, articleIndex) => {
    const title = String(article.title ?? `Article ${articleIndex + 1}`).replaceAll('_', ' ');
    (article.paragraphs ?? []).forEach((paragraph, paragraphIndex) => {
      const key = `${articleIndex}/${paragraphIndex}`;
      paragraphs.push({ key, title: `${title}, paragraph ${paragraphIndex + 1}`, context: paragraph.context });
      for (const qa of paragraph.qas ?? []) {
        const impossible = qa.is_impossible === true;
        const goldAnswers = [...new Set((qa.answers ?? []).map((answer) => answer.text))];
        if (!impossible && goldAnswers.length === 0) continue;
        questions.push({ id: qa.id, question: qa.question, paragraphKey: key, impossible, goldAnswers });
      }
    });
  });
  if (paragraphs.length === 0) throw new Error(`${path} holds no paragraphs`);
  return {
    name: basename(path),
    path,
    version: json.version ?? '?',
    articleCount: json.data.length,
    paragraphs,
    questions,
  };
}

/** One Markdown file per paragraph, headed by its article title and number. Returns [{ path, name, key: paragraphKey }]. */
async function writeParagraphFiles(paragraphs, folder) {
  const files = [];
  for (const [index, paragraph] of paragraphs.entries()) {
    const name = `${String(index + 1).padStart(4, '0')}-${paragraph.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}.md`;
    const path = join(folder, name);
    await writeFile(path, `# ${paragraph.title}\n\n${paragraph.context}\n`);
    files.push({ path, name, key: paragraph.key });
  }
  return files;
}

/**
 * Asks one question in a new session and reads its stream to the end. Returns
 * { message, sources, latencyMs, firstTextMs } for a `done` event, or { error } for an `error`
 * event, a refused request or a stream that ends without either.
 */
async function askQuestion({ url, token }, question) {
  const startedAt = performance.now();
  const body = { message: question.question };
  if (options['search-type']) body.searchOptions = { type: options['search-type'] };
  if (options.model) body.model = options.model;
  const response = await fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
  if (!response.ok) {
    const refusal = await response.json().catch(() => ({}));
    return { error: `${response.status} ${refusal.error ?? JSON.stringify(refusal)}` };
  }
  let sources = [];
  let firstTextMs = null;
  for await (const event of readEvents(response.body)) {
    if (event.type === 'sources') sources = event.data.sources;
    else if (event.type === 'delta') firstTextMs ??= performance.now() - startedAt;
    else if (event.type === 'error') return { error: `${event.data.status} ${event.data.error}` };
    else if (event.type === 'done')
      return { message: event.data.message, sources, latencyMs: performance.now() - startedAt, firstTextMs };
  }
  return { error: 'the stream ended without a done or error event' };
}

/**
 * Asks the questions, `concurrency` at a time; each outcome holds the question, the
 * answer's score (absent when it failed) and the latency from request to `done`.
 */
async function askAll(ask, questions, label) {
  const outcomes = new Array(questions.length);
  const startedAt = performance.now();
  let lastProgress = startedAt;
  let next = 0;
  let finished = 0;
  const asker = async () => {
    while (next < questions.length) {
      const index = next++;
      const question = questions[index];
      const goldDocumentId = ask.documentIdByParagraph.get(question.paragraphKey);
      let result;
      try {
        result = await askQuestion(ask, question);
      } catch (error) {
        result = {
          error: error.cause ? `${error.message} (${error.cause.code ?? error.cause.message})` : error.message,
        };
      }
      if (result.error) {
        outcomes[index] = { question, error: result.error };
      } else {
        const sourceIds = result.sources.map((source) => source.documentId);
        outcomes[index] = {
          question,
          message: result.message,
          latencyMs: result.latencyMs,
          firstTextMs: result.firstTextMs,
          score: scoreAnswer({ message: result.message, sourceIds, goldDocumentId, goldAnswers: question.goldAnswers }),
        };
      }
      finished++;
      if (performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = performance.now();
        console.error(
          `  ${label}: ${finished}/${questions.length} questions in ${seconds(lastProgress - startedAt)} s`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ask.concurrency, questions.length) }, asker));
  return { outcomes, elapsedMs: performance.now() - startedAt };
}

/** The models that answered, most answers first: "Local extractive (local:extractive) ×200". */
function describeModels(outcomes) {
  const counts = new Map();
  for (const { message } of outcomes) {
    if (!message) continue;
    const name = message.model ? `${message.model.name} (${message.model.id})` : 'none (no passage retrieved)';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return (
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([name, count]) => `${name} ×${count}`)
      .join(', ') || 'none'
  );
}

function latencyLine({ outcomes, elapsedMs }) {
  const latencies = outcomes
    .filter((outcome) => outcome.score)
    .map((outcome) => outcome.latencyMs)
    .sort((a, b) => a - b);
  const firstText = outcomes
    .filter((outcome) => typeof outcome.firstTextMs === 'number')
    .map((outcome) => outcome.firstTextMs)
    .sort((a, b) => a - b);
  const serverLatencies = outcomes
    .filter((outcome) => typeof outcome.message?.latencyMs === 'number')
    .map((outcome) => outcome.message.latencyMs)
    .sort((a, b) => a - b);
  if (latencies.length === 0) return 'no answer finished';
  return (
    `p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms ` +
    `(request to done; first text p50 ${firstText.length ? percentile(firstText, 0.5).toFixed(0) : '-'} ms; ` +
    `the server's own latencyMs p50 ${serverLatencies.length ? percentile(serverLatencies, 0.5) : '-'} ms); ` +
    `${(latencies.length / (elapsedMs / 1000)).toFixed(2)} answers/s overall`
  );
}

function printFailures(outcomes) {
  const failed = outcomes.filter((outcome) => outcome.error);
  for (const { question, error } of failed.slice(0, FAILURES_SHOWN))
    console.log(`  failed: ${question.id} "${question.question}": ${error}`);
  if (failed.length > FAILURES_SHOWN) console.log(`  … and ${failed.length - FAILURES_SHOWN} more failed`);
}

function printReport({ dataset, ingest, stats, failedDocuments, ragEngine, seed, concurrency, answered, abstaining }) {
  const { keyByDocumentId, uploadErrors, ingestMs } = ingest;
  const answerableCount = dataset.questions.filter((question) => !question.impossible).length;
  const unanswerableCount = dataset.questions.length - answerableCount;
  const sampled = (asked, of) => (asked < of ? `a sample of ${asked} of ${of} (seed ${seed})` : `all ${of}`);
  console.log('');
  console.log('Docent answer evaluation (SQuAD 2.0 format, POST /api/chat)');
  line('Dataset', `${dataset.name} (${dataset.path}), version ${dataset.version}`);
  line(
    'Documents',
    `${dataset.paragraphs.length} paragraphs of ${dataset.articleCount} articles: ${stats.processed} processed, ${stats.failed} failed, ${uploadErrors.length} refused at upload`,
  );
  line('Chunks', stats.totalChunks);
  line(
    'Cores',
    `${availableParallelism()} (Node ${process.version}, ${process.platform}/${process.arch}); ${concurrency} questions in flight`,
  );
  line(
    'Ingest',
    `${seconds(ingestMs)} s, first upload to all processed (${(keyByDocumentId.size / (ingestMs / 1000)).toFixed(1)} docs/s)`,
  );
  line(
    'Embedder',
    ragEngine?.status === 'ready'
      ? ragEngine.embeddingModel
      : `none (${ragEngine?.message ?? 'no rag-engine status'}): retrieval is keyword only`,
  );
  line(
    'Retrieval',
    options['search-type'] ? `${options['search-type']} (--search-type)` : "the server's default search type",
  );
  for (const document of failedDocuments) console.log(`  failed: ${document.name}: ${document.failureReason}`);
  for (const error of uploadErrors.slice(0, FAILURES_SHOWN)) console.log(`  refused: ${error}`);

  const summary = summarizeOutcomes(answered.outcomes);
  console.log('');
  console.log(`Answerable questions: ${sampled(answered.outcomes.length, answerableCount)}`);
  line('  Answered', `${summary.answered} (${summary.failed} failed)`);
  line('  Model', describeModels(answered.outcomes));
  line(
    '  Gold retrieved',
    `${describeShare(summary.goldRetrieved, summary.answered)} have the gold paragraph among the sources`,
  );
  line(
    '  Gold cited',
    `${describeShare(summary.goldCited, summary.answered)} cite the gold paragraph (citation recall); ${describeShare(summary.cited, summary.answered)} cite anything`,
  );
  line(
    '  Answer found',
    `${describeShare(summary.answerFound, summary.answered)} hold a gold answer text (SQuAD-normalised)`,
  );
  line(
    '  Not in docs',
    `${describeShare(summary.abstained, summary.answered)} say the documents do not hold the answer`,
  );
  line('  Latency', latencyLine(answered));
  printFailures(answered.outcomes);

  if (options['include-unanswerable']) {
    const unanswerableSummary = summarizeOutcomes(abstaining.outcomes);
    console.log('');
    console.log(`Unanswerable questions: ${sampled(abstaining.outcomes.length, unanswerableCount)}`);
    line('  Answered', `${unanswerableSummary.answered} (${unanswerableSummary.failed} failed)`);
    line(
      '  Abstained',
      `${describeShare(unanswerableSummary.abstained, unanswerableSummary.answered)} say the documents do not hold the answer`,
    );
    line('  Latency', latencyLine(abstaining));
    printFailures(abstaining.outcomes);
  }
  if (!options['include-unanswerable'])
    console.log(`\n(${unanswerableCount} unanswerable questions not asked: --include-unanswerable)`);
}
