import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { pdfFixture } from '../../backend/src/documents/parsing/parsing-fixtures.test-utils.js';
import { DocentServer } from '../e2e/support/server.js';

const PAGES = 150;
let server: DocentServer | undefined;
afterAll(() => server?.dispose());

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server!.baseURL}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...init.headers },
  });
  return (await response.json()) as T;
}

describe('a crash while a document is processed', () => {
  it('is recovered after the restart: the document ends processed once, without duplicate chunks', async () => {
    server = await DocentServer.start({ name: 'recovery' });
    const account = await fetch(`${server.baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Crash Tester',
        email: 'crash@example.com',
        password: 'Correct-Horse-9',
        confirmPassword: 'Correct-Horse-9',
      }),
    }).then((response) => response.json() as Promise<{ accessToken: string }>);
    const pages = Array.from({ length: PAGES }, (_, page) => `Page ${page + 1} of the long report. `.repeat(30));
    const form = new FormData();
    form.append('document', new Blob([await pdfFixture(pages)], { type: 'application/pdf' }), 'long-report.pdf');

    const upload = await api<{ documents: { id: string; status: string }[] }>(
      '/api/documents/upload',
      account.accessToken,
      {
        method: 'POST',
        body: form,
      },
    );
    const [accepted] = upload.documents;
    expect(accepted!.status).toBe('indexing');
    await server.crash();

    await server.start();
    const deadline = Date.now() + 60_000;
    let status = '';
    while (Date.now() < deadline) {
      const { document } = await api<{ document: { status: string; chunks: number } }>(
        `/api/documents/${accepted!.id}`,
        account.accessToken,
      );
      status = document.status;
      if (status === 'processed' || status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe('processed');
    await server.stop();

    const db = await PGlite.create({ dataDir: join(server.dataDir, 'pglite'), extensions: { vector } });
    try {
      const [document] = (
        await db.query<{ chunks: number }>('select chunks from documents where id = $1', [accepted!.id])
      ).rows;
      const [chunks] = (
        await db.query<{ total: number; distinct_ordinals: number }>(
          'select count(*)::int as total, count(distinct ordinal)::int as distinct_ordinals from document_chunks where document_id = $1',
          [accepted!.id],
        )
      ).rows;
      const [events] = (
        await db.query<{ processed: number }>(
          `select count(*)::int as processed from events where stream_id = $1 and type = 'DocumentProcessed'`,
          [`document-${accepted!.id}`],
        )
      ).rows;
      expect(document!.chunks).toBeGreaterThanOrEqual(PAGES);
      expect(chunks).toEqual({ total: document!.chunks, distinct_ordinals: document!.chunks });
      expect(events!.processed).toBe(1);
    } finally {
      await db.close();
    }
  }, 120_000);
});
