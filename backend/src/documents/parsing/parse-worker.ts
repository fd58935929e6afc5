/**
 * Worker-thread entry for the parse pool: parses (and, when asked, chunks) one file per
 * task. Loaded by Piscina from the compiled dist/ (see parse-document.ts); a worker
 * handles many files in turn.
 */
export { runParseTask as default } from './parse-task.js';
