import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DocumentView } from '@docent/common/documents';
import { InstanceNotEmptyError, InvalidArchiveError } from '../../backend/src/backup/instance-archive.js';
import { InstanceBackup } from '../../backend/src/backup/instance-backup.service.js';
import { ModelHealthChecks } from '../../backend/src/models/health/model-health-checks.service.js';
import { ProjectionRebuilder } from '../../backend/src/projections/projection-rebuilder.service.js';
import { ProjectionRunner } from '../../backend/src/projections/projection-runner.service.js';
import { ReactionRunner } from '../../backend/src/reactions/reaction-runner.service.js';
import { batchedRecordsWritten } from '../../backend/src/testing/batched-records.js';
import { snapshotReadTables, type ReadTablesSnapshot } from '../../backend/src/testing/read-tables.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { callAs, logIn, signUp, type SignedIn } from './support.js';

/**
 * Both instances share the key provider keys are encrypted with: a restore reads them only
 * with it. Demo mode off, so a new instance is empty until the restore fills it.
 */
const SHARED = { MODEL_SECRETS_KEY: 'the-secrets-key-both-instances-share-0001', DEMO_MODE: 'false' };
const PROVIDER_KEY = 'sk-kept-encrypted-in-the-backup-0001';
const MODEL = 'openai:gpt-6-luna';

/** An OpenAI-compatible endpoint that writes down the Authorization header it was sent. */
class ProviderEndpoint {
  authorizations: (string | undefined)[] = [];
  private readonly server: Server = createServer((request, response) => {
    this.authorizations.push(request.headers.authorization);
    request.resume().on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'list',
          data: [{ id: 'gpt-6-luna', object: 'model' }],
          id: 'chatcmpl-1',
          created: 0,
          model: 'gpt-6-luna',
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  start = () => new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  stop = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

const provider = new ProviderEndpoint();
const started: TestApp[] = [];
let source: TestApp;
let admin: SignedIn;
const members = {} as Record<'user' | 'readonly' | 'analyst' | 'developer', SignedIn>;
let documents: DocumentView[];

/** A new, empty instance with the shared secrets key, its start-up health tests done. */
async function emptyInstance(): Promise<TestApp> {
  const t = await startTestApp(SHARED);
  started.push(t);
  await t.app.get(ModelHealthChecks).startupTestsDone();
  return t;
}

async function backUp(t: TestApp, caller: SignedIn): Promise<Buffer> {
  const response = await callAs(t, caller.accessToken).get('/api/admin/backup').responseType('blob').expect(200);
  return response.body as Buffer;
}

async function download(t: TestApp, caller: SignedIn, documentId: string): Promise<Buffer> {
  const response = await callAs(t, caller.accessToken)
    .get(`/api/documents/${documentId}/download`)
    .responseType('blob')
    .expect(200);
  return response.body as Buffer;
}

async function settledReadTables(t: TestApp): Promise<ReadTablesSnapshot> {
  // A batch written after this snapshot but before the backup would be in the restored tables and not in these.
  await batchedRecordsWritten(t.app);
  // What reactions record off the request's path (a configured provider's model listing) is in the tables too.
  await t.app.get(ReactionRunner).catchUp();
  await t.app.get(ProjectionRunner).catchUp();
  return snapshotReadTables(t.app);
}

async function eventCount(t: TestApp): Promise<number> {
  const [row] = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ count: string | number }[]>('select count(*) as count from events');
  return Number(row!.count);
}

/** The originals in the instance's file store (its `files` folder, two levels of fan-out). */
function storedOriginals(t: TestApp): string[] {
  const root = join(t.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * The archive with `find` overwritten where it first or last occurs: in events.ndjson (it
 * follows the manifest) or in an original (they come last). Same length, so the tar stays
 * well-formed and only the checksums can tell.
 */
function tampered(archive: Buffer, find: string, occurrence: 'first' | 'last'): Buffer {
  const tarball = gunzipSync(archive);
  const at = occurrence === 'first' ? tarball.indexOf(find) : tarball.lastIndexOf(find);
  expect(at).toBeGreaterThan(0);
  tarball.write('x'.repeat(find.length), at);
  return gzipSync(tarball);
}

beforeAll(async () => {
  await provider.start();
  source = await emptyInstance();
  admin = await signUp(source);
  for (const role of ['user', 'readonly', 'analyst', 'developer'] as const) {
    const member = await signUp(source);
    if (role !== 'user')
      await callAs(source, admin.accessToken).put(`/api/users/${member.user.id}/role`).send({ role }).expect(200);
    members[role] = member;
  }
  const as = callAs(source, admin.accessToken);
  documents = [
    await ingest(source, admin.accessToken, {
      name: 'orchards.md',
      content: '# Orchards\n\nApple trees need pruning in winter.',
    }),
    await ingest(source, members.user.accessToken, { name: 'basket.txt', content: 'A basket of apples and pears.' }),
  ];
  await as
    .post('/api/search/rag')
    .send({ query: 'apple', options: { type: 'keyword' } })
    .expect(200);
  await as
    .post('/api/chat')
    .send({ message: 'What do apple trees need?', searchOptions: { type: 'keyword' } })
    .expect(200);
  await as
    .put(`/api/models/${encodeURIComponent(MODEL)}`)
    .send({ endpoint: provider.url, apiKey: PROVIDER_KEY })
    .expect(200);
}, STARTUP_TIMEOUT_MS * 2);
afterAll(async () => {
  for (const t of started) await t.close();
  await provider.stop();
});

describe('an instance backup restored into an empty instance', () => {
  it('gives the same read tables, the same downloads and the same search, with the provider key still usable', async () => {
    const before = await settledReadTables(source);
    expect(before.users).toHaveLength(5);
    expect(before.documents).toHaveLength(2);
    expect(before.chat_messages.length).toBeGreaterThan(0);
    expect(before.model_providers).toContainEqual(
      expect.objectContaining({ id: 'openai', encrypted_api_key: expect.any(String) }),
    );
    const response = await callAs(source, admin.accessToken).get('/api/admin/backup').responseType('blob').expect(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="docent-backup-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
    );

    const target = await emptyInstance();
    const summary = await target.app.get(InstanceBackup).restore(Readable.from([response.body as Buffer]));
    expect(summary).toMatchObject({ fileCount: 2 });
    expect(await settledReadTables(target)).toEqual(before);

    // The restored instance answers as the first did: its accounts sign in, its originals download byte for byte.
    const restoredAdmin = await logIn(target, admin.account);
    for (const document of documents) {
      expect(
        (await download(target, restoredAdmin, document.id)).equals(await download(source, admin, document.id)),
      ).toBe(true);
    }
    const search = async (t: TestApp, caller: SignedIn) =>
      (
        await callAs(t, caller.accessToken)
          .post('/api/search/rag')
          .send({ query: 'apple', options: { type: 'keyword' } })
          .expect(200)
      ).body.results.map((hit: { documentId: string; content: string }) => [hit.documentId, hit.content]);
    expect(await search(target, restoredAdmin)).toEqual(await search(source, admin));

    // The key came back encrypted and decrypts with the shared secrets key: the provider gets it.
    provider.authorizations = [];
    await callAs(target, restoredAdmin.accessToken)
      .post(`/api/models/${encodeURIComponent(MODEL)}/test`)
      .expect(200);
    expect(provider.authorizations).toContain(`Bearer ${PROVIDER_KEY}`);
  }, 120_000); // a backup, a restore into a new instance and a start that rebuilds every projection and the keyword index

  it('is recorded in the log of the instance backed up, with who took it', async () => {
    await backUp(source, admin);
    const [recorded] = await source.app
      .get(MikroORM)
      .em.fork()
      .execute<{ data: unknown; metadata: unknown }[]>(
        `select data, metadata from events where type = 'InstanceBackedUp' order by position desc limit 1`,
      );
    expect(recorded).toMatchObject({
      data: { eventCount: expect.any(Number), lastPosition: expect.any(Number), fileCount: 2 },
      metadata: { actorId: admin.user.id },
    });
  });

  it('is refused by an instance that is not empty, which keeps its own state', async () => {
    const archive = await backUp(source, admin);
    const events = await eventCount(source);
    await expect(source.app.get(InstanceBackup).restore(Readable.from([archive]))).rejects.toThrow(
      InstanceNotEmptyError,
    );
    expect(await eventCount(source)).toBe(events);
  });

  it('is refused when damaged, and nothing of it is applied', async () => {
    const archive = await backUp(source, admin);
    const target = await emptyInstance();
    const eventsBefore = await eventCount(target);
    const damaged = [
      archive.subarray(0, Math.floor(archive.length / 2)),
      tampered(archive, '"type":"DocumentUploaded"', 'first'),
      tampered(archive, 'Apple trees need pruning', 'last'),
    ];
    for (const copy of damaged) {
      await expect(target.app.get(InstanceBackup).restore(Readable.from([copy]))).rejects.toThrow(InvalidArchiveError);
      expect(await eventCount(target)).toBe(eventsBefore);
      expect((await snapshotReadTables(target.app)).users).toEqual([]);
      expect(storedOriginals(target)).toEqual([]);
    }
  });

  it('that fails while applying leaves the instance empty', async () => {
    const archive = await backUp(source, admin);
    const target = await emptyInstance();
    jest.spyOn(target.app.get(ProjectionRebuilder), 'rebuild').mockRejectedValueOnce(new Error('disk full'));
    await expect(target.app.get(InstanceBackup).restore(Readable.from([archive]))).rejects.toThrow('disk full');
    expect(await eventCount(target)).toBe(0);
    const tables = await snapshotReadTables(target.app);
    expect(tables.users).toEqual([]);
    expect(tables.documents).toEqual([]);
    expect(storedOriginals(target)).toEqual([]);
  });
});

describe('GET /api/admin/backup', () => {
  it('is for administrators (system:backup) only', async () => {
    expect((await source.http().get('/api/admin/backup')).status).toBe(401);
    for (const member of Object.values(members)) {
      expect((await callAs(source, member.accessToken).get('/api/admin/backup')).status).toBe(403);
    }
    const archive = await backUp(source, admin);
    expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});
