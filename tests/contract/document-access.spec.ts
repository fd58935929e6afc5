import type { ChatCitation } from '@docent/common/chat';
import type { DocumentView } from '@docent/common/documents';
import type { SearchHit } from '@docent/common/search';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTinyEmbeddingModel,
  type TinyEmbeddingModel,
} from '../../backend/src/embeddings/testing/tiny-onnx-model.js';
import { parseEventStream } from '../../backend/src/testing/event-stream.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest, processingDone } from './documents-support.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

// Shared means readable by every reader; changing, deleting or reprocessing a document
// belongs to its uploader and to roles that manage all documents (admin).
const CHANGE_REFUSED = 'You can only change documents you uploaded';
const DELETE_REFUSED = 'You can only delete documents you uploaded';
const REPROCESS_REFUSED = 'You can only reprocess documents you uploaded';

/** Every document's text holds this word, so one search reaches them all. Each test removes what it adds. */
const WORD = 'zephyr';
const text = (subject: string) => `# ${subject}\n\nThe ${WORD} carries notes about ${subject}.\n`;

let model: TinyEmbeddingModel;
let t: TestApp;
let admin: SignedIn;
/** Uploads a shared, a private and a failed shared document. */
let alice: SignedIn;
let bob: SignedIn;
let developer: SignedIn;
/** The demo administrator's session. */
let demo: SignedIn;
let docs: Record<'aliceShared' | 'alicePrivate' | 'aliceFailed' | 'bobNotes' | 'demoNotes', DocumentView>;

const as = (who: SignedIn) => callAs(t, who.accessToken);

beforeAll(async () => {
  model = await createTinyEmbeddingModel();
  t = await startTestApp({ EMBEDDINGS_MODEL_PATH: model.path });
  admin = await signUp(t);
  alice = await signUp(t);
  bob = await signUp(t);
  developer = await signUp(t);
  await as(admin).put(`/api/users/${developer.user.id}/role`).send({ role: 'developer' }).expect(200);
  demo = (await t.http().post('/api/auth/demo-login').expect(200)).body;
  docs = {
    aliceShared: await ingest(t, alice.accessToken, { name: 'alice-shared.md', content: text('the harbour') }),
    alicePrivate: await ingest(
      t,
      alice.accessToken,
      { name: 'alice-private.md', content: text('my savings') },
      { accessLevel: 'private' },
    ),
    aliceFailed: await ingest(t, alice.accessToken, { name: 'alice-empty.txt', content: '' }),
    bobNotes: await ingest(t, bob.accessToken, { name: 'bob-notes.md', content: text('the garden') }),
    demoNotes: await ingest(t, demo.accessToken, { name: 'demo-notes.md', content: text('the demo') }),
  };
}, 120_000);
afterAll(async () => {
  await t.close();
  await model.cleanup();
}, STARTUP_TIMEOUT_MS);

describe("a document someone else uploaded and shared: readable, but not someone else's to change", () => {
  it('refuses a user deleting it with 403, and the document stays', async () => {
    expectFailure(await as(bob).delete(`/api/documents/${docs.aliceShared.id}`), 403, DELETE_REFUSED);
    await as(bob).get(`/api/documents/${docs.aliceShared.id}`).expect(200);
  });

  it('refuses a user rewriting its metadata with 403, and nothing changes', async () => {
    const response = await as(bob)
      .put(`/api/documents/${docs.aliceShared.id}/metadata`)
      .send({ category: 'Hijacked', accessLevel: 'private' });
    expectFailure(response, 403, CHANGE_REFUSED);
    const { document } = (await as(alice).get(`/api/documents/${docs.aliceShared.id}`).expect(200)).body;
    expect(document.metadata).toMatchObject({ category: null, accessLevel: 'shared' });
  });

  it('refuses a developer reprocessing it with 403, before looking at its status', async () => {
    expectFailure(await as(developer).post(`/api/documents/${docs.aliceFailed.id}/reprocess`), 403, REPROCESS_REFUSED);
    const { document } = (await as(alice).get(`/api/documents/${docs.aliceFailed.id}`).expect(200)).body;
    expect(document.status).toBe('failed');
  });

  it('refuses the demo administrator deleting or rewriting it with 403', async () => {
    expectFailure(await as(demo).delete(`/api/documents/${docs.bobNotes.id}`), 403, DELETE_REFUSED);
    expectFailure(
      await as(demo).put(`/api/documents/${docs.bobNotes.id}/metadata`).send({ category: 'Demo' }),
      403,
      CHANGE_REFUSED,
    );
  });

  it("answers 404 to any change of someone else's private document, as if it did not exist", async () => {
    for (const caller of [bob, demo]) {
      expectFailure(await as(caller).delete(`/api/documents/${docs.alicePrivate.id}`), 404, 'Document not found');
      expectFailure(
        await as(caller).put(`/api/documents/${docs.alicePrivate.id}/metadata`).send({ category: 'x' }),
        404,
        'Document not found',
      );
    }
  });
});

describe('their own documents, and an administrator', () => {
  it('lets the uploader rewrite the metadata of their document, who may read it included', async () => {
    const own = await ingest(t, bob.accessToken, { name: 'bob-draft.md', content: text('a draft') });
    const metadata = { category: 'Drafts', accessLevel: 'private' };
    await as(bob).put(`/api/documents/${own.id}/metadata`).send(metadata).expect(200);
    const { document } = (await as(bob).get(`/api/documents/${own.id}`).expect(200)).body;
    expect(document.metadata).toMatchObject(metadata);
    await as(bob).delete(`/api/documents/${own.id}`).expect(200);
  });

  it('lets the uploader delete their document', async () => {
    const own = await ingest(t, bob.accessToken, { name: 'bob-old.md', content: text('old things') });
    await as(bob).delete(`/api/documents/${own.id}`).expect(200);
    expectFailure(await as(bob).get(`/api/documents/${own.id}`), 404);
  });

  it('lets a developer reprocess their own failed document', async () => {
    const own = await ingest(t, developer.accessToken, { name: 'dev-empty.txt', content: '' });
    await as(developer).post(`/api/documents/${own.id}/reprocess`).expect(202);
    await processingDone(t);
    // Developers may not delete documents: the administrator clears it away.
    await as(admin).delete(`/api/documents/${own.id}`).expect(200);
  });

  it('lets the demo administrator change and delete the documents it uploaded', async () => {
    const own = await ingest(t, demo.accessToken, { name: 'demo-scratch.md', content: text('scratch') });
    await as(demo).put(`/api/documents/${own.id}/metadata`).send({ category: 'Scratch' }).expect(200);
    await as(demo).delete(`/api/documents/${own.id}`).expect(200);
  });

  it("lets an administrator rewrite, reprocess and delete anyone's documents, private ones included", async () => {
    const doomed = await ingest(t, alice.accessToken, { name: 'alice-doomed.md', content: text('doom') });
    await as(admin).put(`/api/documents/${docs.alicePrivate.id}/metadata`).send({ category: 'Audit' }).expect(200);
    await as(admin).post(`/api/documents/${docs.aliceFailed.id}/reprocess`).expect(202);
    await processingDone(t);
    await as(admin).delete(`/api/documents/${doomed.id}`).expect(200);
    expectFailure(await as(alice).get(`/api/documents/${doomed.id}`), 404);
  });
});

describe('lists, search, chat, stats and the intelligence figures agree with the policy', () => {
  /** Processed documents each caller may read: everyone's shared ones, their own, and for the administrator all. */
  const readable = () => ({
    user: ['alice-shared.md', 'bob-notes.md', 'demo-notes.md'],
    admin: ['alice-private.md', 'alice-shared.md', 'bob-notes.md', 'demo-notes.md'],
    demo: ['alice-shared.md', 'bob-notes.md', 'demo-notes.md'],
  });
  const callers = () => ({ user: bob, admin, demo });
  const cases = ['user', 'admin', 'demo'] as const;

  async function listed(who: SignedIn): Promise<string[]> {
    const { body } = await as(who).get(`/api/documents?search=.md&pageSize=100`).expect(200);
    return body.documents.map((document: DocumentView) => document.name).sort();
  }

  async function found(who: SignedIn, type: string): Promise<string[]> {
    const response = await as(who)
      .post('/api/search/rag')
      .send({ query: WORD, options: { type, limit: 50 } });
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
    return [...new Set(response.body.results.map((hit: SearchHit) => hit.documentName))].sort() as string[];
  }

  async function chatSources(who: SignedIn): Promise<string[]> {
    const response = await as(who)
      .post('/api/chat')
      .send({ message: WORD, searchOptions: { type: 'keyword', limit: 20 } });
    expect({ status: response.status, text: response.text }).toMatchObject({ status: 200 });
    const sources = parseEventStream(response.text).find((event) => event.event === 'sources')?.data as {
      sources: ChatCitation[];
    };
    return [...new Set(sources.sources.map((source) => source.documentName))].sort();
  }

  it.each(cases)('the %s lists what it may read', async (who) => {
    expect(await listed(callers()[who])).toEqual(readable()[who]);
  });

  it.each(cases)('the %s counts what it may read', async (who) => {
    const { stats } = (await as(callers()[who]).get('/api/documents/stats').expect(200)).body;
    // Plus alice-empty.txt, shared and failed, which every caller reads.
    expect(stats.totalDocuments).toBe(readable()[who].length + 1);
    expect(stats.failed).toBe(1);
  });

  it.each(cases.flatMap((who) => ['keyword', 'semantic', 'hybrid'].map((type) => ({ who, type }))))(
    'the $who finds by $type search what it may read',
    async ({ who, type }) => {
      expect(await found(callers()[who], type)).toEqual(readable()[who]);
    },
  );

  it.each(cases)('the %s is given as chat sources only what it may read', async (who) => {
    expect(await chatSources(callers()[who])).toEqual(readable()[who]);
  });

  it.each(cases)('the %s sees as indexed documents those it may read', async (who) => {
    const { stats } = (await as(callers()[who]).get('/api/intelligence/stats').expect(200)).body;
    expect(stats.documentsIndexed).toBe(readable()[who].length);
  });
});
