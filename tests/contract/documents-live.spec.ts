import type { DocumentRealtimeMessage } from '@docent/common/documents';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfFixture } from '../../backend/src/documents/parsing/parsing-fixtures.test-utils.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { processingDone, uploadAs } from './documents-support.js';
import { SocketClients, collectFrom, eventually, listeningUrl } from './socket-support.js';
import { callAs, signUp, type SignedIn } from './support.js';

let t: TestApp;
let url: string;
let admin: SignedIn;
const sockets = new SocketClients(() => url);

const listen = (who: SignedIn) => collectFrom<DocumentRealtimeMessage>(sockets, who.accessToken, 'documents');

beforeAll(async () => {
  t = await startTestApp();
  url = await listeningUrl(t);
  admin = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

describe('the documents channel of /ws', () => {
  it('pushes the upload, each status with its stage and percent, and the deletion', async () => {
    const received = await listen(admin);
    const response = await uploadAs(t, admin.accessToken, [
      { name: 'live.pdf', content: await pdfFixture(['One', 'Two']) },
    ]).expect(201);
    const { id } = response.body.documents[0];
    await processingDone(t);
    await eventually(() =>
      received.some((message) => message.kind === 'changed' && message.document.status === 'processed'),
    );

    const changes = received.flatMap((message) =>
      message.kind === 'changed' && message.document.id === id ? [message] : [],
    );
    expect(changes[0]).toMatchObject({ cause: 'uploaded', document: { name: 'live.pdf', status: 'indexing' } });
    expect(changes.map((change) => change.document.status)).toEqual(
      expect.arrayContaining(['indexing', 'processing', 'processed']),
    );
    expect(changes.some((change) => change.cause === 'progress' && change.document.progress !== null)).toBe(true);
    for (const change of changes.filter((message) => message.cause === 'progress')) {
      expect(change.document.progress).toEqual({ stage: expect.any(String), percent: expect.any(Number) });
    }
    expect(changes.at(-1)).toMatchObject({
      cause: 'status',
      document: { status: 'processed', chunks: 2, progress: null },
    });
    const { document } = (await callAs(t, admin.accessToken).get(`/api/documents/${id}`).expect(200)).body;
    expect(changes.at(-1)!.document).toEqual(document);
    expect(document.uploadedBy).toEqual({ id: admin.user.id, name: admin.user.name });

    await callAs(t, admin.accessToken).delete(`/api/documents/${id}`).expect(200);
    await eventually(() => received.some((message) => message.kind === 'deleted'));
    expect(received.at(-1)).toEqual({ kind: 'deleted', documentId: id, name: 'live.pdf', at: expect.any(String) });
  });

  it("never pushes someone else's private document", async () => {
    const other = await signUp(t);
    const othersView = await listen(other);
    const ownView = await listen(admin);

    await uploadAs(t, admin.accessToken, [{ name: 'mine.txt', content: 'Private words' }], {
      accessLevel: 'private',
    }).expect(201);
    await processingDone(t);
    await eventually(() =>
      ownView.some((message) => message.kind === 'changed' && message.document.status === 'processed'),
    );

    expect(othersView).toEqual([]);
  });

  it("pushes a user's private document to them and to administrators, and to no other user", async () => {
    const uploader = await signUp(t);
    const bystander = await signUp(t);
    const [uploaderView, adminView, bystanderView] = await Promise.all([uploader, admin, bystander].map(listen));
    const reached = (view: DocumentRealtimeMessage[], documentId: string) =>
      view.some(
        (message) =>
          message.kind === 'changed' && message.document.id === documentId && message.document.status === 'processed',
      );

    const upload = await uploadAs(t, uploader.accessToken, [{ name: 'own.txt', content: 'Words for me alone' }], {
      accessLevel: 'private',
    }).expect(201);
    const privateId: string = upload.body.documents[0].id;
    await processingDone(t);
    await eventually(() => reached(uploaderView, privateId) && reached(adminView, privateId));

    // Each socket gets its pushes in order: once a later shared document has reached the
    // bystander, anything about the private one would have arrived before it.
    const shared = await uploadAs(t, uploader.accessToken, [{ name: 'open.txt', content: 'Words for all' }]).expect(
      201,
    );
    await processingDone(t);
    await eventually(() => reached(bystanderView, shared.body.documents[0].id));
    expect(
      bystanderView.filter((message) =>
        message.kind === 'deleted' ? message.documentId === privateId : message.document.id === privateId,
      ),
    ).toEqual([]);
  });
});
