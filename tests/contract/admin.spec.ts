import { MikroORM } from '@mikro-orm/sql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminUserView } from '@docent/common/admin';
import type { Role } from '@docent/common/permissions';
import { ProjectionRunner } from '../../backend/src/projections/projection-runner.service.js';
import { ReactionRunner } from '../../backend/src/reactions/reaction-runner.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { SocketClients, disconnection, listeningUrl } from './socket-support.js';
import { callAs, expectFailure, logIn, profileStatus, signUp, type SignedIn } from './support.js';

let t: TestApp;
let url: string;
const sockets = new SocketClients(() => url);
/** The first account: the administrator. */
let admin: SignedIn;
/** One signed-in account per role other than admin. */
const members = {} as Record<Exclude<Role, 'admin'>, SignedIn>;

beforeAll(async () => {
  t = await startTestApp();
  url = await listeningUrl(t);
  admin = await signUp(t);
  for (const role of ['user', 'readonly', 'analyst', 'developer'] as const) {
    const member = await signUp(t);
    if (role !== 'user')
      await callAs(t, admin.accessToken).put(`/api/users/${member.user.id}/role`).send({ role }).expect(200);
    members[role] = member;
  }
}, STARTUP_TIMEOUT_MS);
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

const as = (caller: SignedIn) => callAs(t, caller.accessToken);
const everyone = () => ({ admin, ...members });

async function listed(userId: string): Promise<AdminUserView> {
  await t.app.get(ProjectionRunner).catchUp();
  const response = await as(admin).get('/api/users').query({ pageSize: 100 }).expect(200);
  const user = (response.body.users as AdminUserView[]).find((candidate) => candidate.id === userId);
  if (!user) throw new Error(`User ${userId} is not listed`);
  return user;
}

describe('GET /api/users', () => {
  it('lists the accounts to holders of users:read only', async () => {
    for (const [role, caller] of Object.entries(everyone())) {
      const response = await as(caller).get('/api/users');
      if (role === 'admin') expect(response.status).toBe(200);
      else expectFailure(response, 403, expect.stringContaining('users:read'));
    }
  });

  it('shows standing, documents uploaded and last activity, with search and paging', async () => {
    const author = await signUp(t, { name: 'Searchable Author' });
    await ingest(t, author.accessToken, { name: 'notes.md', content: '# Notes\n\nSome words.' });

    const user = await listed(author.user.id);
    expect(user).toMatchObject({ name: 'Searchable Author', role: 'user', status: 'active', documentsUploaded: 1 });
    expect(Date.parse(user.lastActive!)).toBeGreaterThan(Date.now() - 60_000);

    const found = await as(admin).get('/api/users').query({ search: 'searchable author' }).expect(200);
    expect(found.body).toMatchObject({ total: 1, page: 1, users: [{ id: author.user.id }] });
    const page = await as(admin).get('/api/users').query({ pageSize: 2, page: 2 }).expect(200);
    expect(page.body.users).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(6);
  });
});

describe('suspending, reactivating and deactivating', () => {
  it('is for holders of users:write only', async () => {
    const target = await signUp(t);
    for (const caller of Object.values(members)) {
      expectFailure(
        await as(caller).post(`/api/users/${target.user.id}/suspend`),
        403,
        expect.stringContaining('users:write'),
      );
    }
    expect(await profileStatus(t, target.accessToken)).toBe(200);
  });

  it('ends the account’s sessions, API keys and open sockets at once, and refuses its sign-in', async () => {
    const target = await signUp(t);
    const key = await as(target).post('/api/api-keys').send({ name: 'CI' }).expect(201);
    const apiKey: string = key.body.apiKey.key;
    expect(await profileStatus(t, target.accessToken)).toBe(200);
    expect(await profileStatus(t, apiKey)).toBe(200);
    const socket = await sockets.open(target.accessToken);
    const closed = disconnection(socket);

    const response = await as(admin).post(`/api/users/${target.user.id}/suspend`).expect(200);
    expect(response.body.user).toMatchObject({ id: target.user.id, status: 'suspended' });
    await t.app.get(ReactionRunner).catchUp();
    await t.app.get(ProjectionRunner).catchUp();
    const feed = await t.app.get(MikroORM).em.fork().execute(`select title from activity`);
    expect(feed).toContainEqual({ title: 'User suspended' });

    expect(await profileStatus(t, target.accessToken)).toBe(401);
    expect(await profileStatus(t, apiKey)).toBe(401);
    expect(await closed).toBe('io server disconnect');
    await t.http().post('/api/auth/refresh').send({ refreshToken: target.refreshToken }).expect(401);
    expectFailure(
      await t.http().post('/api/auth/login').send({ email: target.account.email, password: target.account.password }),
      403,
      expect.stringContaining('suspended'),
    );
  });

  it('lets a reactivated account sign in again, while the sessions the hold ended stay ended', async () => {
    const target = await signUp(t);
    await as(admin).post(`/api/users/${target.user.id}/deactivate`).expect(200);
    expect((await listed(target.user.id)).status).toBe('inactive');

    const response = await as(admin).post(`/api/users/${target.user.id}/reactivate`).expect(200);

    expect(response.body.user.status).toBe('active');
    expect(await profileStatus(t, target.accessToken)).toBe(401);
    const again = await logIn(t, target.account);
    expect(await profileStatus(t, again.accessToken)).toBe(200);
  });

  it('answers an unknown action or user plainly', async () => {
    expectFailure(await as(admin).post(`/api/users/${members.user.user.id}/promote`), 400);
    expectFailure(
      await as(admin).post('/api/users/00000000-0000-4000-8000-000000000000/suspend'),
      404,
      'User not found',
    );
  });
});

describe('the last administrator', () => {
  it('cannot be suspended, deactivated, deleted or demoted; once another exists, it can', async () => {
    for (const action of ['suspend', 'deactivate'])
      expectFailure(
        await as(admin).post(`/api/users/${admin.user.id}/${action}`),
        409,
        expect.stringContaining('last'),
      );
    expectFailure(await as(admin).delete(`/api/users/${admin.user.id}`), 409, expect.stringContaining('last'));
    expectFailure(await as(admin).put(`/api/users/${admin.user.id}/role`).send({ role: 'user' }), 409);

    const deputy = await signUp(t);
    await as(admin).put(`/api/users/${deputy.user.id}/role`).send({ role: 'admin' }).expect(200);
    await as(deputy).post(`/api/users/${deputy.user.id}/suspend`).expect(200);
    // The suspended deputy administers nothing: the first admin is the last active one again.
    expectFailure(await as(admin).post(`/api/users/${admin.user.id}/suspend`), 409);
  });
});

describe('DELETE /api/users/:id', () => {
  it('needs users:delete', async () => {
    const target = await signUp(t);
    for (const caller of Object.values(members))
      expectFailure(
        await as(caller).delete(`/api/users/${target.user.id}`),
        403,
        expect.stringContaining('users:delete'),
      );
  });

  it('deletes the account and keeps its documents, owned by the system, and says so', async () => {
    const target = await signUp(t);
    const document = await ingest(t, target.accessToken, { name: 'kept.md', content: '# Kept\n\nStill here.' });
    const socket = await sockets.open(target.accessToken);
    const closed = disconnection(socket);

    const response = await as(admin).delete(`/api/users/${target.user.id}`).expect(200);

    expect(response.body).toEqual({
      success: true,
      userId: target.user.id,
      documents: { kept: 1, owner: 'system', message: expect.stringContaining('1 document stays') },
    });
    await t.app.get(ReactionRunner).catchUp();
    expect(await profileStatus(t, target.accessToken)).toBe(401);
    expect(await closed).toBe('io server disconnect');
    await as(admin).get(`/api/documents/${document.id}`).expect(200);
    const users = await as(admin).get('/api/users').query({ search: target.account.email }).expect(200);
    expect(users.body.total).toBe(0);
  });
});

describe('creating users and invites', () => {
  it('creates an account that signs in with the password it was given', async () => {
    const account = {
      name: 'Created Person',
      email: `created-${Date.now()}@example.com`,
      role: 'analyst',
      password: 'Correct-Horse-9',
    };
    for (const caller of Object.values(members))
      expectFailure(await as(caller).post('/api/users').send(account), 403, expect.stringContaining('users:write'));

    const response = await as(admin).post('/api/users').send(account).expect(201);

    expect(response.body.user).toMatchObject({ name: 'Created Person', role: 'analyst', status: 'active' });
    await logIn(t, { ...account, confirmPassword: account.password });
    expectFailure(await as(admin).post('/api/users').send(account), 409, 'An account with this email already exists');
  });

  it('issues a one-time invite that opens an account with its email and role', async () => {
    const email = `invited-${Date.now()}@example.com`;
    const response = await as(admin).post('/api/users/invites').send({ email, role: 'developer' }).expect(201);
    const { token, acceptPath } = response.body.invite;
    expect(acceptPath).toBe(`/invite?token=${encodeURIComponent(token)}`);

    const body = { token, name: 'Invited Person', password: 'Correct-Horse-9', confirmPassword: 'Correct-Horse-9' };
    const accepted = await t.http().post('/api/auth/invites/accept').send(body).expect(201);

    expect(accepted.body.user).toMatchObject({ email, role: 'developer', name: 'Invited Person' });
    expect(await profileStatus(t, accepted.body.accessToken)).toBe(200);
    expectFailure(
      await t.http().post('/api/auth/invites/accept').send(body),
      400,
      'This invite link is invalid or has expired',
    );
  });
});

describe('System Services: GET /api/admin/services and restarts', () => {
  it('is watched with system:monitor (administrators and developers) and restarted with system:configure', async () => {
    for (const [role, caller] of Object.entries(everyone())) {
      const response = await as(caller).get('/api/admin/services');
      if (role === 'admin' || role === 'developer') expect(response.status).toBe(200);
      else expectFailure(response, 403, expect.stringContaining('system:monitor'));
    }
    for (const caller of Object.values(members))
      expectFailure(
        await as(caller).post('/api/admin/services/projections/restart'),
        403,
        expect.stringContaining('system:configure'),
      );
  });

  it('lists the real components with status, uptime and the shared process’s figures', async () => {
    const response = await as(admin).get('/api/admin/services').expect(200);
    const services = response.body.services as { name: string; restartable: boolean }[];
    expect(services.map((service) => service.name)).toEqual(
      expect.arrayContaining([
        'database',
        'event-store',
        'projections',
        'document-processing',
        'embeddings',
        'realtime',
      ]),
    );
    expect(services.find((service) => service.name === 'projections')).toMatchObject({
      status: 'ready',
      restartable: true,
      uptimeSeconds: expect.any(Number),
      resources: { scope: 'shared process', memoryBytes: expect.any(Number) },
      details: { lag: expect.any(Object) },
    });
    expect(services.find((service) => service.name === 'database')).toMatchObject({ restartable: false });
  });

  it('restarts a component in the process, records it, and the component works after', async () => {
    const restarted = await as(admin).post('/api/admin/services/document-processing/restart').expect(200);
    expect(restarted.body).toMatchObject({
      success: true,
      service: { name: 'document-processing', status: 'ready', uptimeSeconds: expect.any(Number) },
      restartedAt: expect.any(String),
    });
    expect(restarted.body.service.uptimeSeconds).toBeLessThan(5);
    const document = await ingest(t, admin.accessToken, { name: 'after-restart.md', content: '# After\n\nProcessed.' });
    expect(document.status).toBe('processed');

    await as(admin).post('/api/admin/services/projections/restart').expect(200);
    await t.app.get(ProjectionRunner).catchUp();
    const [activity] = await t.app
      .get(MikroORM)
      .em.fork()
      .execute(`select title, description from activity where title = 'Service restarted' order by id desc limit 1`);
    expect(activity).toEqual({
      title: 'Service restarted',
      description: expect.stringMatching(/^projections restarted in \d+ ms$/),
    });
    const audit = await as(admin).get('/api/admin/audit').query({ action: 'ServiceRestarted' }).expect(200);
    expect(audit.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: 'service-projections', actor: { id: admin.user.id, name: admin.user.name } }),
        expect.objectContaining({ target: 'service-document-processing' }),
      ]),
    );
  });

  it('answers 409 for a component that cannot be restarted and 404 for one that does not exist', async () => {
    expectFailure(
      await as(admin).post('/api/admin/services/database/restart'),
      409,
      'database cannot be restarted: it has nothing to restart in this process',
    );
    expectFailure(await as(admin).post('/api/admin/services/nope/restart'), 404, 'There is no service nope');
  });
});

describe('System Status: GET /api/admin/status', () => {
  it('measures the host and the process, and raises alerts from real conditions only', async () => {
    for (const caller of [members.user, members.readonly, members.analyst])
      expectFailure(await as(caller).get('/api/admin/status'), 403, expect.stringContaining('system:monitor'));
    await ingest(t, admin.accessToken, { name: 'empty.txt', content: '' });

    const response = await as(members.developer).get('/api/admin/status').expect(200);

    const { status } = response.body;
    expect(status.cpu).toMatchObject({
      cores: expect.any(Number),
      loadAverage: [expect.any(Number), expect.any(Number), expect.any(Number)],
    });
    expect(status.memory.totalBytes).toBeGreaterThan(status.memory.freeBytes);
    expect(status.memory.process.rssBytes).toBeGreaterThan(0);
    expect(status.disk).toMatchObject({ path: t.config.dataDir, totalBytes: expect.any(Number) });
    expect(status.network.interfaces).toBeGreaterThan(0);
    expect(status.alerts).toContainEqual({
      severity: 'warning',
      kind: 'failed-documents',
      message: expect.stringMatching(/^\d+ documents? failed processing/),
    });
    expect(status.alerts.map((alert: { kind: string }) => alert.kind)).not.toContain('provider-health');
  });
});

describe('Audit Log: GET /api/admin/audit and its export', () => {
  it('needs system:monitor', async () => {
    for (const caller of [members.user, members.readonly, members.analyst]) {
      expectFailure(await as(caller).get('/api/admin/audit'), 403, expect.stringContaining('system:monitor'));
      expectFailure(await as(caller).get('/api/admin/audit/export'), 403, expect.stringContaining('system:monitor'));
    }
    await as(members.developer).get('/api/admin/audit').expect(200);
  });

  it('says who did what when, filtered by user, action and time, newest first', async () => {
    const target = await signUp(t);
    await as(admin).post(`/api/users/${target.user.id}/suspend`).expect(200);

    const response = await as(admin)
      .get('/api/admin/audit')
      .query({ actorId: admin.user.id, action: 'UserSuspended', from: new Date(Date.now() - 60_000).toISOString() })
      .expect(200);

    expect(response.body.entries[0]).toEqual({
      position: expect.any(Number),
      action: 'UserSuspended',
      actor: { id: admin.user.id, name: admin.user.name },
      target: `user-${target.user.id}`,
      targetType: 'user',
      occurredAt: expect.any(String),
    });
    expect(response.body.actions).toEqual(expect.arrayContaining(['UserRegistered', 'UserSuspended']));
    const positions = response.body.entries.map((entry: { position: number }) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const before = await as(admin)
      .get('/api/admin/audit')
      .query({ action: 'UserSuspended', to: '2000-01-01' })
      .expect(200);
    expect(before.body).toMatchObject({ entries: [], total: 0 });
  });

  it('exports the filtered log as CSV and as JSON', async () => {
    const csv = await as(admin).get('/api/admin/audit/export').query({ action: 'UserRegistered' }).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-.*\.csv"$/);
    const [header, ...rows] = csv.text.trim().split('\r\n');
    expect(header).toBe('"position","occurredAt","action","actorId","actorName","target","targetType"');
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((row) => row.includes('"UserRegistered"'))).toBe(true);

    const json = await as(admin)
      .get('/api/admin/audit/export')
      .query({ format: 'json', actorId: admin.user.id })
      .expect(200);
    expect(json.headers['content-disposition']).toMatch(/\.json"$/);
    const file = JSON.parse(json.text);
    expect(file.entries.length).toBeGreaterThan(0);
    expect(file.entries.every((entry: { actor: { id: string } }) => entry.actor.id === admin.user.id)).toBe(true);
  });
});
