import { MikroORM } from '@mikro-orm/sql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { ReactionRunner } from '../../backend/src/reactions/reaction-runner.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { SocketClients, disconnection, listeningUrl } from './socket-support.js';
import { profileStatus, signUp } from './support.js';

let t: TestApp;
let url: string;
const sockets = new SocketClients(() => url);

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
  url = await listeningUrl(t);
}, STARTUP_TIMEOUT_MS);
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

describe('a session revoked by another server process on the same database', () => {
  it("ends the session's access in this process too: its cached principal and its sockets", async () => {
    const session = await signUp(t);
    // Authenticated once, the token's principal is cached: the next request would not ask the database.
    expect(await profileStatus(t, session.accessToken)).toBe(200);
    const socket = await sockets.open(session.accessToken);
    const closed = disconnection(socket);

    await revokeElsewhere(session.user.id, session.sessionId);
    await t.app.get(ReactionRunner).catchUp();

    expect(await profileStatus(t, session.accessToken)).toBe(401);
    expect(await closed).toBe('io server disconnect');
  });
});
