import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { processingDone, uploadAs } from './documents-support.js';
import { SocketClients, collectFrom, eventually, listeningUrl } from './socket-support.js';
import { callAs, signUp, type SignedIn } from './support.js';

interface PushedActivity {
  id: string;
  type: string;
  title: string;
  description: string;
  timestamp: string;
  status: string;
}

let t: TestApp;
let url: string;
let admin: SignedIn;
const sockets = new SocketClients(() => url);

const listen = (who: SignedIn) => collectFrom<PushedActivity>(sockets, who.accessToken, 'activity');

beforeAll(async () => {
  t = await startTestApp();
  url = await listeningUrl(t);
  admin = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

describe('the activity channel of /ws', () => {
  it("pushes each new event's activity item in the spec's shape", async () => {
    const received = await listen(admin);

    await callAs(t, admin.accessToken).post('/demo/calculate').send({ operation: 'multiply', a: 6, b: 7 }).expect(200);

    await eventually(() => received.some((item) => item.type === 'tool'));
    expect(received.find((item) => item.type === 'tool')).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: 'tool',
      title: 'Tool executed',
      description: expect.stringMatching(/^calculate in [\d.]+ ms$/),
      timestamp: expect.any(String),
      status: 'success',
    });
  });

  it("tells of someone else's private document to no one the access policy keeps out", async () => {
    const other = await signUp(t);
    const othersFeed = await listen(other);
    const ownFeed = await listen(admin);

    await uploadAs(t, admin.accessToken, [{ name: 'mine.txt', content: 'Private words' }], {
      accessLevel: 'private',
    }).expect(201);
    await processingDone(t);
    await eventually(() => ownFeed.some((item) => item.title === 'Document processed'));
    expect(ownFeed).toContainEqual(
      expect.objectContaining({ type: 'document', title: 'Document uploaded', description: 'mine.txt (TXT)' }),
    );

    // The other user's socket is listening: it hears their own tool run, pushed after the document's items.
    await callAs(t, other.accessToken).post('/demo/calculate').send({ operation: 'add', a: 1, b: 2 }).expect(200);
    await eventually(() => othersFeed.some((item) => item.type === 'tool'));
    expect(othersFeed.filter((item) => item.type === 'document')).toEqual([]);
  });
});
