import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ActivityProjection } from '../activity/activity.projection.js';
import { DocumentProcessor } from '../documents/processing/document-processor.service.js';
import { EventStore } from '../event-store/event-store.service.js';
import { Decisions } from '../event-store/decisions.service.js';
import { modelProviderDecider } from '../models/domain/model-provider.decider.js';
import { modelProviderStreamId } from '../models/domain/model.events.js';
import { parseEventStream } from '../testing/event-stream.js';
import { batchedRecordsWritten } from '../testing/batched-records.js';
import { snapshotReadTables } from '../testing/read-tables.js';
import { STARTUP_TIMEOUT_MS, newAccount, startTestApp, type TestApp } from '../testing/test-app.js';
import { ProjectionRebuilder } from './projection-rebuilder.service.js';
import { ProjectionRunner } from './projection-runner.service.js';

/** Registers, signs in and out, refreshes, manages keys and roles, searches, sets preferences: every kind of event the read tables follow. */
async function produceActivity(t: TestApp, admin: { accessToken: string; sessionId: string }) {
  const member = (await t.http().post('/api/auth/register').send(newAccount()).expect(201)).body;
  const asAdmin = { Authorization: `Bearer ${admin.accessToken}` };
  await t.http().post('/api/auth/refresh').send({ refreshToken: member.refreshToken }).expect(200);
  await t
    .http()
    .put('/api/auth/profile')
    .set(asAdmin)
    .send({ name: 'Renamed Admin', avatar: 'https://example.com/a.png' })
    .expect(200);
  const key = (await t.http().post('/api/api-keys').set(asAdmin).send({ name: 'CI' }).expect(201)).body.apiKey;
  await t.http().post('/api/api-keys').set(asAdmin).send({ name: 'Kept' }).expect(201);
  await t
    .http()
    .get('/api/auth/profile')
    .set({ Authorization: `Bearer ${key.key}` })
    .expect(200);
  await t.http().delete(`/api/api-keys/${key.id}`).set(asAdmin).expect(200);
  await t.http().put(`/api/users/${member.user.id}/role`).set(asAdmin).send({ role: 'analyst' }).expect(200);
  const localModel = `/api/models/${encodeURIComponent('local:extractive')}`;
  await t
    .http()
    .put(localModel)
    .set(asAdmin)
    .send({ configuration: { temperature: 0.3 }, limits: { dailyRequests: 100 } })
    .expect(200);
  await t.http().post(`${localModel}/test`).set(asAdmin).expect(200);
  // A provider's key entered, then its endpoint moved without a new one, which clears the key.
  const configureOpenAi = (changes: { endpoint: string; apiKey?: { encrypted: string; masked: string } }) =>
    t.app
      .get(Decisions)
      .handle(
        modelProviderDecider,
        modelProviderStreamId('openai'),
        { type: 'Configure', providerId: 'openai', defaultEndpoint: 'https://api.openai.com/v1', ...changes },
        { actorId: null },
      );
  const apiKey = { encrypted: 'v1:stands-for-an-encrypted-key', masked: 'sk-…abcd' };
  await configureOpenAi({ endpoint: 'http://127.0.0.1:9/v1', apiKey });
  await configureOpenAi({ endpoint: 'http://127.0.0.1:9/elsewhere' });
  const upload = await t
    .http()
    .post('/api/documents/upload')
    .set(asAdmin)
    .attach('document', Buffer.from('Kept notes about projections.'), 'kept.txt')
    .attach('document', Buffer.from('Notes to delete.'), 'gone.txt')
    .attach('document', Buffer.alloc(0), 'empty.txt')
    .expect(201);
  const [kept, gone] = upload.body.documents as { id: string }[];
  await t.app.get(DocumentProcessor).whenIdle();
  await t
    .http()
    .put(`/api/documents/${kept!.id}/metadata`)
    .set(asAdmin)
    .send({ category: 'Notes', tags: ['a'] })
    .expect(200);
  await t.http().delete(`/api/documents/${gone!.id}`).set(asAdmin).expect(200);
  await t
    .http()
    .post('/api/search/rag')
    .set(asAdmin)
    .send({ query: 'projections', options: { type: 'keyword' } })
    .expect(200);
  await t
    .http()
    .post('/api/search/rag')
    .set(asAdmin)
    .send({ query: 'projections', options: { type: 'semantic' } })
    .expect(409);
  await t
    .http()
    .post('/api/search/rag')
    .set(asAdmin)
    .send({ query: 'notes', options: { type: 'keyword' } })
    .expect(200);
  await t.http().delete('/api/search/history').set(asAdmin).expect(200);
  await t
    .http()
    .post('/api/search/rag')
    .set(asAdmin)
    .send({ query: 'kept notes', options: { type: 'keyword' } })
    .expect(200);
  const ask = async (message: string, sessionId?: string) => {
    const answer = await t
      .http()
      .post('/api/chat')
      .set(asAdmin)
      .send({ message, sessionId, searchOptions: { type: 'keyword' } })
      .expect(200);
    return (parseEventStream(answer.text)[0]!.data as { session: { id: string } }).session.id;
  };
  const keptSession = await ask('What are the kept notes about?');
  await ask('And anything else?', keptSession);
  await t
    .http()
    .patch(`/api/chat/sessions/${keptSession}`)
    .set(asAdmin)
    .send({ title: 'Projection notes' })
    .expect(200);
  await t
    .http()
    .delete(`/api/chat/sessions/${await ask('zzzz qqqq')}`)
    .set(asAdmin)
    .expect(200);
  await t.http().put('/api/user/preferences').set(asAdmin).send({ theme: 'dark', resultsPerPage: 30 }).expect(200);
  await t.http().put('/api/user/preferences').set(asAdmin).send({ theme: 'light' }).expect(200);
  await t.http().post('/api/auth/logout').set(asAdmin).send({ sessionId: admin.sessionId }).expect(200);
}

describe('projections', () => {
  let t: TestApp;
  /** The first account on the system: it becomes the administrator. */
  let admin: { accessToken: string; sessionId: string };
  beforeAll(async () => {
    t = await startTestApp();
    admin = (
      await t
        .http()
        .post('/api/auth/register')
        .send(newAccount({ name: 'Ada Lovelace' }))
        .expect(201)
    ).body;
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('the asynchronous activity projection follows the log and reports no lag once caught up', async () => {
    await t.app.get(ProjectionRunner).catchUp();

    const status = await t.http().get('/status').expect(200);
    expect(status.body.components.projections).toEqual({
      status: 'ready',
      lag: { activity: 0, metrics: 0, 'user-activity': 0 },
    });
    const activity = await t.app.get(MikroORM).em.fork().execute('select title, description from activity');
    expect(activity).toContainEqual({
      title: 'New user registered',
      description: 'Ada Lovelace joined as Administrator',
    });
  });

  it('a failing batch rolls back with its checkpoint and is retried from there, applying each event once', async () => {
    const runner = t.app.get(ProjectionRunner);
    await runner.catchUp();
    const failing = jest.spyOn(t.app.get(ActivityProjection), 'applyAll').mockRejectedValue(new Error('disk full'));
    await t
      .http()
      .post('/api/auth/register')
      .send(newAccount({ name: 'Grace Hopper' }))
      .expect(201);
    await expect(runner.catchUp()).rejects.toThrow('disk full');

    const degraded = await t.http().get('/status').expect(200);
    expect(degraded.body.components.projections).toMatchObject({ status: 'degraded', message: 'activity: disk full' });
    expect(degraded.body.components.projections.lag.activity).toBeGreaterThan(0);

    failing.mockRestore();
    await runner.catchUp();
    const rows = await t.app
      .get(MikroORM)
      .em.fork()
      .execute(`select id from activity where description = 'Grace Hopper joined as User'`);
    expect(rows).toHaveLength(1);
    expect((await t.http().get('/status')).body.components.projections.status).toBe('ready');
  });

  it('a rebuild from the log gives exactly the live read tables', async () => {
    await produceActivity(t, admin);
    await batchedRecordsWritten(t.app);
    await t.app.get(ProjectionRunner).catchUp();
    const live = await snapshotReadTables(t.app);
    expect(live.metrics_api_hours.length).toBeGreaterThan(5);
    expect(live.metrics_counts_hourly).toContainEqual(expect.objectContaining({ metric: 'search' }));
    expect(live.activity.length).toBeGreaterThan(5);
    expect(live.search_stats).toHaveLength(2);
    expect(live.user_preferences).toHaveLength(1);
    expect(live.search_history).toHaveLength(1);
    expect(live.chat_sessions).toHaveLength(1);
    expect(live.chat_messages).toHaveLength(4);
    expect(live.chat_stats).toEqual([expect.objectContaining({ answered: 3, failed: 0 })]);
    expect(live.activity).toContainEqual(
      expect.objectContaining({ type: 'search', title: 'Search failed', status: 'error' }),
    );
    expect(live.activity).toContainEqual(
      expect.objectContaining({
        type: 'search',
        title: 'Search performed',
        description: expect.stringMatching(/^Keyword search: 1 result in \d+ ms$/),
      }),
    );
    expect(live.activity).toContainEqual(
      expect.objectContaining({ type: 'search', title: 'Question answered', status: 'success' }),
    );
    expect(live.activity).toContainEqual(
      expect.objectContaining({
        type: 'search',
        title: 'Question answered',
        description: 'No passage found in the documents; no model was asked',
      }),
    );
    expect(live.activity).toContainEqual(
      expect.objectContaining({
        type: 'model',
        title: 'Model settings changed',
        description: 'local:extractive',
        status: 'info',
      }),
    );

    expect(live.model_providers).toContainEqual(
      expect.objectContaining({ id: 'openai', endpoint: 'http://127.0.0.1:9/elsewhere', encrypted_api_key: null }),
    );
    expect(live.activity).toContainEqual(
      expect.objectContaining({ type: 'model', title: 'Model provider key cleared', status: 'warning' }),
    );

    const replayed = await t.app.get(ProjectionRebuilder).rebuild();
    expect(Object.keys(replayed).sort()).toEqual([
      'activity',
      'api-keys',
      'chat',
      'documents',
      'metrics',
      'models',
      'search-history',
      'search-stats',
      'sessions',
      'user-activity',
      'user-preferences',
      'users',
    ]);
    expect(await snapshotReadTables(t.app)).toEqual(live);
  });

  it('refuses to rebuild a projection it does not know', async () => {
    await expect(t.app.get(ProjectionRebuilder).rebuild(['nope'])).rejects.toThrow(/Unknown projection: nope/);
  });
});

describe('projections across restarts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-restart-'));

  it('events appended while the runner was down are applied after the restart, once each', async () => {
    const first = await startTestApp({ DATA_DIR: dataDir }, { persistent: true });
    await first.app.get(ProjectionRunner).catchUp();
    await first.app.get(ProjectionRunner).stop();
    for (const name of ['Alan Turing', 'Edsger Dijkstra']) {
      await first.http().post('/api/auth/register').send(newAccount({ name })).expect(201);
    }
    const head = await first.app.get(EventStore).headPosition();
    await first.close();

    const second = await startTestApp({ DATA_DIR: dataDir }, { persistent: true });
    try {
      await second.app.get(ProjectionRunner).catchUp();
      const [{ position }] = await second.app
        .get(MikroORM)
        .em.fork()
        .execute(`select position from projection_checkpoints where name = 'activity'`);
      expect(Number(position)).toBeGreaterThanOrEqual(head);
      const rows = await second.app
        .get(MikroORM)
        .em.fork()
        .execute<{ description: string }[]>(
          `select description from activity where title = 'New user registered' order by id`,
        );
      expect(rows.map((row) => row.description)).toEqual(
        expect.arrayContaining(['Alan Turing joined as Administrator', 'Edsger Dijkstra joined as User']),
      );
      expect(rows).toHaveLength(new Set(rows.map((row) => row.description)).size);
    } finally {
      await second.close();
    }
  }, 120_000); // two starts, STARTUP_TIMEOUT_MS each

  it('npm run projections:rebuild rebuilds the tables of a stopped server from its log', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [resolve(import.meta.dirname, '../../dist/cli/rebuild-projections.js')],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          PLUGINS_DIR: resolve(import.meta.dirname, '../../../plugins'),
        },
      },
    );
    expect(stdout).toMatch(/users: replayed \d+ events/);
    expect(stdout).toMatch(/activity: replayed \d+ events/);
  }, 60_000); // STARTUP_TIMEOUT_MS: the command boots the server's modules
});
