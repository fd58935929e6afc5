import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DocumentProcessor } from '../../backend/src/documents/processing/document-processor.service.js';
import { FILE_STORE, type FileStore } from '../../backend/src/documents/storage/file-store.js';
import type { RecordedEvent } from '../../backend/src/event-store/domain-event.js';
import { EVENT_LOG_LOCK } from '../../backend/src/event-store/event-store.service.js';
import { ProjectionRegistry } from '../../backend/src/projections/projection-registry.js';
import { ReactionRunner } from '../../backend/src/reactions/reaction-runner.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, signUp, type SignedIn } from './support.js';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterAll(() => t.close());

const sql = <T>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);

/**
 * What another server process sharing the database does when it accepts an upload: the
 * original goes into the shared file store, and DocumentUploaded into the log with the
 * inline projections applied in the same transaction. This process's event store never
 * hears of it; only the log has it.
 */
async function uploadElsewhere(name: string, content: string): Promise<RecordedEvent<'DocumentUploaded'>> {
  const { sha256, size } = await t.app.get<FileStore>(FILE_STORE).put(Buffer.from(content));
  const documentId = randomUUID();
  const data = {
    documentId,
    name,
    type: 'TXT',
    contentType: 'text/plain',
    sizeBytes: size,
    sha256,
    uploadedBy: owner.user.id,
    accessLevel: 'shared',
  } as const;
  const metadata = { actorId: owner.user.id };
  return t.app
    .get(MikroORM)
    .em.fork()
    .transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?)', [EVENT_LOG_LOCK]);
      const [row] = await em.execute<{ position: string; occurred_at: Date }[]>(
        `insert into events (stream_id, stream_type, version, type, data, metadata, occurred_at)
         values (?, 'document', 1, 'DocumentUploaded', ?, ?, now()) returning position, occurred_at`,
        [`document-${documentId}`, JSON.stringify(data), JSON.stringify(metadata)],
      );
      const event: RecordedEvent<'DocumentUploaded'> = {
        type: 'DocumentUploaded',
        data,
        position: Number(row!.position),
        streamId: `document-${documentId}`,
        streamType: 'document',
        version: 1,
        metadata,
        occurredAt: new Date(row!.occurred_at),
      };
      for (const { handler } of t.app.get(ProjectionRegistry).inline()) {
        if (handler.applyAll) await handler.applyAll([event], em);
        else await handler.apply(event, em);
      }
      return event;
    });
}

const eventTypesOf = async (documentId: string) =>
  (
    await sql<{ type: string }>('select type from events where stream_id = ? order by version', [
      `document-${documentId}`,
    ])
  ).map((row) => row.type);

describe('a document uploaded through another process sharing the database', () => {
  it('is processed by this one, from the log, once', async () => {
    const uploaded = await uploadElsewhere('elsewhere.txt', 'Minutes of the harbour committee, taken elsewhere.');
    const { documentId } = uploaded.data;

    await t.app.get(ReactionRunner).catchUp();
    await t.app.get(DocumentProcessor).whenIdle();

    const { document } = (await callAs(t, owner.accessToken).get(`/api/documents/${documentId}`).expect(200)).body;
    expect(document).toMatchObject({ name: 'elsewhere.txt', status: 'processed', chunks: 1 });
    const { body } = await callAs(t, owner.accessToken)
      .post('/api/search/rag')
      .send({ query: 'harbour committee', options: { type: 'keyword' } })
      .expect(200);
    expect(body.results.map((hit: { documentId: string }) => hit.documentId)).toEqual([documentId]);

    // Delivered again, as after a crash before the reaction's checkpoint moved past it.
    await sql(`update reaction_checkpoints set position = ? where name = 'document-processing'`, [
      uploaded.position - 1,
    ]);
    await t.app.get(ReactionRunner).catchUp();
    await t.app.get(DocumentProcessor).whenIdle();

    expect(await eventTypesOf(documentId)).toEqual(['DocumentUploaded', 'DocumentParsed', 'DocumentProcessed']);
  });
});
