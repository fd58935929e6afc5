import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createWebSessionStorage } from '@docent/common/web-session';
import { STARTUP_TIMEOUT_MS, newAccount, startTestApp, type TestApp } from '../testing/test-app.js';
import { RealtimeService } from './realtime.service.js';

describe('socket.io at /ws', () => {
  let t: TestApp;
  let url: string;
  let account: { accessToken: string; refreshToken: string; sessionId: string; user: { id: string } };
  const sockets: Socket[] = [];

  const connect = (options: Parameters<typeof io>[1] = {}) => {
    const socket = io(url, { path: '/ws', transports: ['websocket'], reconnection: false, forceNew: true, ...options });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    account = (await t.http().post('/api/auth/register').send(newAccount()).expect(201)).body;
  }, STARTUP_TIMEOUT_MS);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  it('refuses an anonymous socket', async () => {
    await expect(connected(connect())).rejects.toThrow('Authentication required');
  });

  it('refuses a socket with an invalid token', async () => {
    await expect(connected(connect({ auth: { token: 'not-a-token' } }))).rejects.toThrow('Authentication required');
  });

  it('delivers what the server pushes on the metrics channel to subscribed sockets only', async () => {
    const subscriber = connect({ auth: { token: account.accessToken } });
    const bystander = connect({ extraHeaders: { Authorization: `Bearer ${account.accessToken}` } });
    await Promise.all([connected(subscriber), connected(bystander)]);

    expect(await subscriber.emitWithAck('subscribe', { channel: 'metrics' })).toEqual({
      success: true,
      channel: 'metrics',
    });
    const received = new Promise((resolve) => subscriber.once('metrics', resolve));
    let bystanderReceived = false;
    bystander.on('metrics', () => (bystanderReceived = true));

    t.app.get(RealtimeService).publish('metrics', { activeUsers: 1, totalRequests: 42 });
    expect(await received).toEqual({ activeUsers: 1, totalRequests: 42 });
    await bystander.emitWithAck('unsubscribe', { channel: 'metrics' });
    expect(bystanderReceived).toBe(false);
  });

  it('answers an unknown channel with an error', async () => {
    const socket = connect({ auth: { token: account.accessToken } });
    await connected(socket);
    expect(await socket.emitWithAck('subscribe', { channel: 'secrets' })).toEqual({
      success: false,
      error: expect.stringContaining('Unknown channel'),
    });
  });

  it('authenticates a browser by its web session cookie', async () => {
    const storage = createWebSessionStorage({ secret: t.config.auth.sessionSecret, secure: false });
    const session = await storage.getSession();
    session.set('accessToken', account.accessToken);
    const cookie = (await storage.commitSession(session)).split(';')[0]!;

    const socket = connect({ extraHeaders: { Cookie: cookie, Origin: url } });
    await connected(socket);
    const received = new Promise((resolve) => socket.once('notification', resolve));
    t.app.get(RealtimeService).sendToUser(account.user.id, 'notification', { title: 'Hello' });
    expect(await received).toEqual({ title: 'Hello' });
  });

  it('refuses a forged web session cookie', async () => {
    const forged = createWebSessionStorage({ secret: 'x'.repeat(40), secure: false });
    const session = await forged.getSession();
    session.set('accessToken', account.accessToken);
    const cookie = (await forged.commitSession(session)).split(';')[0]!;
    await expect(connected(connect({ extraHeaders: { Cookie: cookie, Origin: url } }))).rejects.toThrow(
      'Authentication required',
    );
  });

  it('refuses a web session cookie whose encrypted value was altered', async () => {
    const storage = createWebSessionStorage({ secret: t.config.auth.sessionSecret, secure: false });
    const session = await storage.getSession();
    session.set('accessToken', account.accessToken);
    const [name, value] = (await storage.commitSession(session)).split(';')[0]!.split('=') as [string, string];
    const sealed = Buffer.from(decodeURIComponent(value), 'base64').toString('utf8');
    const flipped = sealed.slice(0, 10) + (sealed[10] === 'A' ? 'B' : 'A') + sealed.slice(11);
    const altered = encodeURIComponent(Buffer.from(flipped, 'utf8').toString('base64'));

    await expect(connected(connect({ extraHeaders: { Cookie: `${name}=${altered}` } }))).rejects.toThrow(
      'Authentication required',
    );
  });

  it('refuses the token of a signed-out session', async () => {
    const other = (await t.http().post('/api/auth/register').send(newAccount()).expect(201)).body;
    await t.http().post('/api/auth/logout').set('Authorization', `Bearer ${other.accessToken}`).send({}).expect(200);
    await expect(connected(connect({ auth: { token: other.accessToken } }))).rejects.toThrow('Authentication required');
  });
});
