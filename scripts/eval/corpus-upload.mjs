// Shared by the evaluations: put a corpus into a running server through the real upload
// API and wait until every document is processed.
import { openAsBlob } from 'node:fs';
import { describeExit, getJson, sleep } from '../bench/harness.mjs';

const FILES_PER_REQUEST = 5;
const UPLOADS_IN_FLIGHT = 3;
const INGEST_TIMEOUT_MS = 60 * 60_000;
const STATS_POLL_MS = 1_000;
const PROGRESS_EVERY_MS = 15_000;

const seconds = (ms) => (ms / 1000).toFixed(1);

/** The work's result, unless the server exits first: then the run is broken. */
export async function runUntilServerExits(server, work) {
  const crash = server.exited.then((exit) => {
    throw new Error(`The server exited during the run (${describeExit(exit)}):\n${server.logTail()}`);
  });
  return Promise.race([work, crash]);
}

/**
 * Uploads every file ({ path, name, key }), a few requests of up to five files at a time,
 * then polls the document stats until nothing is in progress. The server names each result
 * after the file it was sent, which maps the document back to the file's key.
 * Returns { keyByDocumentId, uploadErrors, ingestMs }.
 */
export async function uploadAndWait(url, token, files) {
  const keyByName = new Map(files.map((file) => [file.name, file.key]));
  const keyByDocumentId = new Map();
  const uploadErrors = [];
  const batches = [];
  for (let index = 0; index < files.length; index += FILES_PER_REQUEST)
    batches.push(files.slice(index, index + FILES_PER_REQUEST));

  const startedAt = performance.now();
  let lastProgress = startedAt;
  const reportProgress = (message) => {
    if (performance.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = performance.now();
    console.error(`  ${seconds(lastProgress - startedAt)} s: ${message}`);
  };
  let next = 0;
  const uploader = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      const form = new FormData();
      for (const file of batch) form.append('document', await openAsBlob(file.path), file.name);
      const response = await fetch(`${url}/api/documents/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = await response.json().catch(() => ({}));
      if (!body.results)
        uploadErrors.push(`${batch.map(({ name }) => name).join(', ')}: ${response.status} ${body.error ?? ''}`);
      for (const result of body.results ?? []) {
        if (!result.success) uploadErrors.push(`${result.fileName}: ${result.status} ${result.error}`);
        else if (!keyByName.has(result.fileName))
          throw new Error(`The server renamed an upload to "${result.fileName}"; its source is unknown`);
        else keyByDocumentId.set(result.document.id, keyByName.get(result.fileName));
      }
      reportProgress(`${keyByDocumentId.size}/${files.length} uploaded`);
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_IN_FLIGHT }, uploader));
  console.error(
    `Uploaded ${keyByDocumentId.size} documents in ${seconds(performance.now() - startedAt)} s; waiting for processing…`,
  );

  for (;;) {
    const { stats } = await getJson(url, '/api/documents/stats', token);
    if (stats.processing === 0 && stats.processed + stats.failed >= keyByDocumentId.size) break;
    if (performance.now() - startedAt > INGEST_TIMEOUT_MS)
      throw new Error(`Not every document was processed within ${INGEST_TIMEOUT_MS / 60_000} minutes`);
    reportProgress(`${stats.processed} processed, ${stats.failed} failed, ${stats.processing} in progress`);
    await sleep(STATS_POLL_MS);
  }
  return { keyByDocumentId, uploadErrors, ingestMs: performance.now() - startedAt };
}
