import type { DocumentView } from '@docent/common/documents';
import { expect } from '@jest/globals';
import { DocumentProcessor } from '../../backend/src/documents/processing/document-processor.service.js';
import type { TestApp } from '../../backend/src/testing/test-app.js';
import { callAs } from './support.js';

export interface UploadFile {
  name: string;
  content: Uint8Array | string;
}

/** POST /api/documents/upload with the files in the `document` field, as a browser form sends them. */
export function uploadAs(t: TestApp, token: string, files: UploadFile[], fields: Record<string, string> = {}) {
  let request = callAs(t, token).post('/api/documents/upload');
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  for (const file of files) {
    const content = typeof file.content === 'string' ? Buffer.from(file.content) : Buffer.from(file.content);
    request = request.attach('document', content, { filename: file.name });
  }
  return request;
}

/** Uploads one file, expects it accepted, and returns its document once processing is over. */
export async function ingest(
  t: TestApp,
  token: string,
  file: UploadFile,
  fields: Record<string, string> = {},
): Promise<DocumentView> {
  const response = await uploadAs(t, token, [file], fields);
  // Status and body together, so that a refusal shows why.
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
  await processingDone(t);
  return (await callAs(t, token).get(`/api/documents/${response.body.documents[0].id}`).expect(200)).body.document;
}

export function processingDone(t: TestApp): Promise<void> {
  return t.app.get(DocumentProcessor).whenIdle();
}
