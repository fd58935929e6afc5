import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createWebSessionStorage } from '@docent/common/web-session';
import { userRoom } from '../../backend/src/realtime/realtime-channels.js';
import { RealtimeGateway } from '../../backend/src/realtime/realtime.gateway.js';
import { RealtimeService } from '../../backend/src/realtime/realtime.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { SocketClients, DISCONNECT_TIMEOUT_MS, connected, disconnection, listeningUrl } from './socket-support.js';
import { callAs, expectFailure, logIn, signUp, type SignedIn } from './support.js';

const FOREIGN_ORIGIN_REFUSED =
  "Origin not allowed: a socket signed in with the session cookie must be opened from this site's pages";

let t: TestApp;
let url: string;
let admin: SignedIn;
const sockets = new SocketClients(() => url);

/** A round trip that only an open, authenticated socket answers. */
async function isServed(socket: Socket): Promise<boolean> {
  if (!socket.connected) return false;
  return (await socket.timeout(DISCONNECT_TIMEOUT_MS).emitWithAck('subscribe', { channel: 'documents' })).success;
}

/** The web session cookie the Remix server sets after sign-in, carrying the access token. */
async function sessionCookie(accessToken: string): Promise<string> {
  const storage = createWebSessionStorage({ secret: t.config.auth.sessionSecret, secure: false });
  const session = await storage.getSession();
  session.set('accessToken', accessToken);
  return (await storage.commitSession(session)).split(';')[0]!;
}

beforeAll(async () => {
  t = await startTestApp();
  url = await listeningUrl(t);
  admin = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

describe('sockets end with the session or key that opened them', () => {
  it('closes the sockets of a session that logs out, which receive no further push; other sessions go on', async () => {
    const session = await signUp(t);
    const otherDevice = await logIn(t, session.account);
    const loggedOut = await sockets.open(session.accessToken);
    const stillIn = await sockets.open(otherDevice.accessToken);
    const closed = disconnection(loggedOut);

    await callAs(t, session.accessToken).post('/api/auth/logout').send({}).expect(200);

    expect(await closed).toBe('io server disconnect');
    const pushedToLoggedOut: unknown[] = [];
    loggedOut.on('notification', (payload) => pushedToLoggedOut.push(payload));
    const pushedToStillIn = new Promise((resolve) => stillIn.once('notification', resolve));
    t.app.get(RealtimeService).sendToUser(session.user.id, 'notification', { title: 'After logout' });
    expect(await pushedToStillIn).toEqual({ title: 'After logout' });
    expect(pushedToLoggedOut).toEqual([]);
    expect(loggedOut.connected).toBe(false);
  });

  it("closes the sockets of every one of the user's sessions on logout-all, and no one else's", async () => {
    const session = await signUp(t);
    const otherDevice = await logIn(t, session.account);
    const someoneElse = await signUp(t);
    const own = [await sockets.open(session.accessToken), await sockets.open(otherDevice.accessToken)];
    const others = await sockets.open(someoneElse.accessToken);
    const closed = own.map(disconnection);

    await callAs(t, session.accessToken).post('/api/auth/logout').send({ logoutAll: true }).expect(200);

    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await isServed(others)).toBe(true);
  });

  it('closes the sockets of a session whose spent refresh token is presented again', async () => {
    const session = await signUp(t);
    const socket = await sockets.open(session.accessToken);
    const rotated = await t.http().post('/api/auth/refresh').send({ refreshToken: session.refreshToken }).expect(200);
    // Once its successor has been used, the spent token is taken for a stolen one at once.
    await t.http().post('/api/auth/refresh').send({ refreshToken: rotated.body.refreshToken }).expect(200);
    expect(await isServed(socket)).toBe(true);
    const closed = disconnection(socket);

    expectFailure(await t.http().post('/api/auth/refresh').send({ refreshToken: session.refreshToken }), 401);

    expect(await closed).toBe('io server disconnect');
  });

  it("closes the user's sockets when their role changes; they sign in again with the new role", async () => {
    const member = await signUp(t);
    const key = (await callAs(t, member.accessToken).post('/api/api-keys').send({ name: 'Feed' }).expect(201)).body
      .apiKey.key as string;
    const bySession = await sockets.open(member.accessToken);
    const byKey = await sockets.open(key);
    const bystander = await sockets.open(admin.accessToken);
    const closed = [disconnection(bySession), disconnection(byKey)];

    await callAs(t, admin.accessToken).put(`/api/users/${member.user.id}/role`).send({ role: 'readonly' }).expect(200);

    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await isServed(bystander)).toBe(true);
    const again = await sockets.open(member.accessToken);
    const [serverSide] = await t.app.get(RealtimeGateway).server.in(userRoom(member.user.id)).fetchSockets();
    expect(serverSide?.data).toMatchObject({ principal: { userId: member.user.id, role: 'readonly' } });
    expect(await isServed(again)).toBe(true);
  });

  it('closes the sockets opened with an API key when the key is deleted, and leaves the owner signed in', async () => {
    const owner = await signUp(t);
    const { id, key } = (await callAs(t, owner.accessToken).post('/api/api-keys').send({ name: 'Feed' }).expect(201))
      .body.apiKey as { id: string; key: string };
    const byKey = await sockets.open(key);
    const bySession = await sockets.open(owner.accessToken);
    const closed = disconnection(byKey);

    await callAs(t, owner.accessToken).delete(`/api/api-keys/${id}`).expect(200);

    expect(await closed).toBe('io server disconnect');
    expect(await isServed(bySession)).toBe(true);
    await expect(sockets.open(key)).rejects.toThrow('Authentication required');
  });
});

describe('the Origin of a socket signed in with the session cookie', () => {
  it('refuses a cookie handshake from a foreign origin, or from none', async () => {
    const Cookie = await sessionCookie(admin.accessToken);

    await expect(
      connected(sockets.connect({ extraHeaders: { Cookie, Origin: 'https://evil.example' } })),
    ).rejects.toThrow(FOREIGN_ORIGIN_REFUSED);
    await expect(connected(sockets.connect({ extraHeaders: { Cookie } }))).rejects.toThrow(FOREIGN_ORIGIN_REFUSED);
  });

  it("accepts a cookie handshake from the server's own origin", async () => {
    const socket = sockets.connect({ extraHeaders: { Cookie: await sessionCookie(admin.accessToken), Origin: url } });

    await connected(socket);
    expect(await isServed(socket)).toBe(true);
  });

  it('accepts a bearer-token handshake without an Origin, as programmatic clients send', async () => {
    const socket = sockets.connect({ extraHeaders: { Authorization: `Bearer ${admin.accessToken}` } });

    await connected(socket);
    expect(await isServed(socket)).toBe(true);
  });
});
