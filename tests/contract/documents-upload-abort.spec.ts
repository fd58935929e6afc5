import { request as httpRequest, type ClientRequest } from 'node:http';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { uploadAs } from './documents-support.js';
import { callAs, signUp, type SignedIn } from './support.js';

const BOUNDARY = 'docent-abort-test';
/** How long the server may take to notice a cut-off upload and clean up after it. */
const CLEANUP_TIMEOUT_MS = 10_000;

let t: TestApp;
let port: number;
let owner: SignedIn;

/** What uploads are writing under DATA_DIR/files before they get their content's name. */
async function stagedUploads(): Promise<string[]> {
  const names = await readdir(join(t.config.dataDir, 'files')).catch(() => []);
  return names.filter((name) => name.startsWith('.incoming-'));
}

/** Polls until the condition holds, failing after a bounded time. */
async function eventually(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + CLEANUP_TIMEOUT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const filePart = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="${name}"\r\n` +
  'Content-Type: text/plain\r\n\r\n';

/** Starts a multipart upload over a real connection and leaves it open, the body unfinished. */
function unfinishedUpload(body: string): ClientRequest {
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/documents/upload',
    headers: {
      Authorization: `Bearer ${owner.accessToken}`,
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length': String(50 * 1024 * 1024),
    },
  });
  request.on('error', () => undefined);
  request.write(body);
  return request;
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
  owner = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterAll(() => t.close());

describe('uploads cut off by the client', () => {
  it('leave no staged file behind, while a complete upload beside them is kept', async () => {
    const text = 'Words of a file that never finishes arriving. '.repeat(2_000);
    const midFirstFile = unfinishedUpload(filePart('cut.txt') + text);
    const midSecondFile = unfinishedUpload(`${filePart('whole.txt')}${text}\r\n${filePart('cut-second.txt')}${text}`);
    // One file of the first upload, two of the second: the whole one and the one it is sending.
    await eventually(async () => (await stagedUploads()).length === 3, 'both uploads are being staged');

    const complete = await uploadAs(t, owner.accessToken, [{ name: 'complete.txt', content: 'Arrived in full.' }]);
    expect(complete.status).toBe(201);
    midFirstFile.destroy();
    midSecondFile.destroy();

    await eventually(async () => (await stagedUploads()).length === 0, 'no staged upload remains');
    const { id } = complete.body.documents[0];
    const download = await callAs(t, owner.accessToken).get(`/api/documents/${id}/download`).expect(200);
    expect(download.text).toBe('Arrived in full.');
    const { documents } = (await callAs(t, owner.accessToken).get('/api/documents').expect(200)).body;
    expect(documents.map((document: { name: string }) => document.name)).toEqual(['complete.txt']);
  });
});
