/**
 * Worker-thread entry: parses the file in workerData and posts the ParseResult.
 * Started by parseDocument from the compiled dist/ (see parse-document.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseDocumentBytes } from './parse-document-bytes.js';
import type { ParseWorkerInput } from './parse-document.js';

const { bytes, fileName, limits } = workerData as ParseWorkerInput;
parentPort!.postMessage(await parseDocumentBytes(bytes, fileName, limits));
