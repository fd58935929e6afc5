import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../testing/test-app.js';
import { FILE_STORE, type FileStore } from './file-store.js';
import { Originals } from './originals.js';

let t: TestApp;
let originals: Originals;
let store: FileStore;

beforeAll(async () => {
  t = await startTestApp();
  originals = t.app.get(Originals);
  store = t.app.get(FILE_STORE);
}, STARTUP_TIMEOUT_MS);
afterAll(() => t.close());

/** Content no document references: the tests' `record` stands for recording a document, or for one deleted since. */
const unreferenced = () => store.stage(Buffer.from(`content ${randomUUID()}`));

describe('Originals', () => {
  it('lets go of the content of an upload whose document failed to be recorded', async () => {
    const staged = await unreferenced();

    await expect(originals.keep(staged, () => Promise.reject(new Error('the append failed')))).rejects.toThrow(
      'the append failed',
    );

    expect(await store.has(staged.sha256)).toBe(false);
  });

  it('holds content while its upload is in flight, and checks again after it when a deletion asked meanwhile', async () => {
    const staged = await unreferenced();
    let finishRecording: (() => void) | undefined;
    const upload = originals.keep(staged, () => new Promise<void>((resolve) => (finishRecording = resolve)));
    while (!finishRecording) await new Promise((resolve) => setImmediate(resolve));

    // A document of the same content deleted now: its original must outlive the upload.
    await originals.releaseIfUnreferenced(staged.sha256);
    expect(await store.has(staged.sha256)).toBe(true);

    finishRecording();
    await upload;
    // Nothing references it once the upload is done (its document stands for one deleted meanwhile).
    expect(await store.has(staged.sha256)).toBe(false);
  });
});
