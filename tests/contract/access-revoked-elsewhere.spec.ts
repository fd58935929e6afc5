import type { AddressInfo } from 'node:net';
import { MikroORM } from '@mikro-orm/sql';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { ReactionRunner } from '../../backend/src/reactions/reaction-runner.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { profileStatus, signUp } from './support.js';

/** How long a socket may take to be told it is closed; a generous bound, never a wait. */
const DISCONNECT_TIMEOUT_MS = 5_000;

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

async function openSocket(credential: string): Promise<Socket> {
  const socket = io(url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: credential },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Resolves with the reason once the server closes the socket; listen before causing it. */
function disconnection(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not close the socket')), DISCONNECT_TIMEOUT_MS);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/**
 * What another API process on the same database records when the session signs out: the
 * event, and in the same transaction its inline projection's row. Nothing of it passes
 * through this process.
 */
async function revokeElsewhere(userId: string, sessionId: string): Promise<void> {
  await t.app
    .get(MikroORM)
    .em.fork()
    .transactional(async (em) => {
      const streamId = `session-${sessionId}`;
      await em.execute(
        `insert into events (stream_id, stream_type, version, type, data, metadata, occurred_at)
         values (?, 'session', (select max(version) + 1 from events where stream_id = ?), 'SessionRevoked', ?, ?, now())`,
        [streamId, streamId, JSON.stringify({ reason: 'logout' }), JSON.stringify({ actorId: userId })],
      );
      await em.execute(`update sessions set revoked_at = now(), revoked_reason = 'logout' where id = ?`, [sessionId]);
    });
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen(0, '127.0.0.1');
  url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
}, STARTUP_TIMEOUT_MS);
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

describe('a session revoked by another server process on the same database', () => {
  it("ends the session's access in this process too: its cached principal and its sockets", async () => {
    const session = await signUp(t);
    // Authenticated once, the token's principal is cached: the next request would not ask the database.
    expect(await profileStatus(t, session.accessToken)).toBe(200);
    const socket = await openSocket(session.accessToken);
    const closed = disconnection(socket);

    await revokeElsewhere(session.user.id, session.sessionId);
    await t.app.get(ReactionRunner).catchUp();

    expect(await profileStatus(t, session.accessToken)).toBe(401);
    expect(await closed).toBe('io server disconnect');
  });
});
