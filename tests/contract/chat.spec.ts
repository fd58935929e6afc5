import type { ChatCitation, ChatMessageView, ChatSessionDetail, ChatSessionSummary } from '@docent/common/chat';
import { MAX_CHAT_SESSIONS } from '@docent/common/chat';
import type { DocumentView } from '@docent/common/documents';
import type { IntelligenceStats } from '@docent/common/search';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NO_PASSAGES_ANSWER } from '../../backend/src/chat/answering/grounded-chat.service.js';
import { EventStore } from '../../backend/src/event-store/event-store.service.js';
import { parseEventStream, type ServerSentEvent } from '../../backend/src/testing/event-stream.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

const LOCAL_MODEL = 'local:extractive';
const NOT_ANSWERED = 'The provided documents do not contain an answer to this question.';

const LIGHTHOUSE =
  '# The Fastnet lighthouse\n\nThe Fastnet lighthouse stands on Fastnet Rock off the coast of County Cork. ' +
  'The cast-iron tower was replaced by a granite tower in 1904. Its light can be seen for 27 nautical miles.\n';
const GARDEN = '# Kitchen garden\n\nTomatoes need six hours of sun. Basil grows well beside tomatoes.\n';
const SECRET = 'Private ledger: the vault combination is kept in the lighthouse keeper diary.';

interface World {
  t: TestApp;
  admin: SignedIn;
  owner: SignedIn;
  reader: SignedIn;
  docs: Record<'lighthouse' | 'garden' | 'secret', DocumentView>;
}

interface Answer {
  status: number;
  contentType: string | undefined;
  events: ServerSentEvent[];
  session: ChatSessionSummary;
  sources: ChatCitation[];
  text: string;
  done?: ChatMessageView;
  error?: { status: number; error: string; retryAfter?: number };
}

function ask(world: World, who: SignedIn, body: Record<string, unknown>) {
  return callAs(world.t, who.accessToken).post('/api/chat').send(body);
}

async function answer(world: World, who: SignedIn, body: Record<string, unknown>): Promise<Answer> {
  const response = await ask(world, who, { searchOptions: { type: 'keyword' }, ...body });
  // Status and body together, so that a refusal shows why.
  expect({ status: response.status, body: response.text }).toMatchObject({ status: 200 });
  const events = parseEventStream(response.text);
  const data = <T>(name: string) => events.find((event) => event.event === name)?.data as T | undefined;
  return {
    status: response.status,
    contentType: response.headers['content-type'],
    events,
    session: data<{ session: ChatSessionSummary }>('session')!.session,
    sources: data<{ sources: ChatCitation[] }>('sources')?.sources ?? [],
    text: events
      .filter((event) => event.event === 'delta')
      .map((event) => (event.data as { text: string }).text)
      .join(''),
    done: data<{ message: ChatMessageView }>('done')?.message,
    error: data<{ status: number; error: string; retryAfter?: number }>('error'),
  };
}

async function intelligenceStats(world: World): Promise<IntelligenceStats> {
  return (await callAs(world.t, world.admin.accessToken).get('/api/intelligence/stats').expect(200)).body.stats;
}

async function sessionsOf(world: World, who: SignedIn): Promise<ChatSessionSummary[]> {
  return (await callAs(world.t, who.accessToken).get('/api/chat/sessions').expect(200)).body.sessions;
}

async function startWorld(): Promise<World> {
  const t = await startTestApp();
  const admin = await signUp(t);
  const owner = await signUp(t);
  const reader = await signUp(t);
  await callAs(t, admin.accessToken).put(`/api/users/${reader.user.id}/role`).send({ role: 'readonly' }).expect(200);
  const docs = {
    lighthouse: await ingest(t, admin.accessToken, { name: 'lighthouse.md', content: LIGHTHOUSE }),
    garden: await ingest(t, admin.accessToken, { name: 'garden.md', content: GARDEN }),
    secret: await ingest(t, owner.accessToken, { name: 'ledger.txt', content: SECRET }, { accessLevel: 'private' }),
  };
  return { t, admin, owner, reader, docs };
}

describe('grounded chat with the offline local model', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => world.t.close());

  describe('the streaming protocol', () => {
    it('streams session, sources, the answer in deltas, then done with the citations, as server-sent events', async () => {
      const reply = await answer(world, world.reader, {
        message: 'When was the cast-iron tower of the Fastnet lighthouse replaced by a granite tower?',
      });

      expect(reply.contentType).toMatch(/^text\/event-stream/);
      const names = reply.events.map((event) => event.event);
      expect(names[0]).toBe('session');
      expect(names[1]).toBe('sources');
      expect(names.at(-1)).toBe('done');
      expect(names.slice(2, -1).every((name) => name === 'delta')).toBe(true);
      expect(names.length).toBeGreaterThan(3);

      expect(reply.session).toMatchObject({
        title: 'When was the cast-iron tower of the Fastnet lighthouse replaced by a granite tower?',
        messageCount: 1,
      });
      expect(reply.done).toMatchObject({
        role: 'assistant',
        content: reply.text,
        grounded: true,
        model: { id: LOCAL_MODEL, name: expect.any(String) },
        usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
        cost: 0,
        latencyMs: expect.any(Number),
      });
      expect(reply.text).toContain('1904');
      expect(reply.text).toMatch(/\[1\]/);
    });

    it('cites real chunks of the retrieved documents, numbered as the sources were given', async () => {
      const reply = await answer(world, world.reader, { message: 'How far can the Fastnet light be seen?' });
      const citations = reply.done!.citations!;

      expect(citations.length).toBeGreaterThan(0);
      for (const citation of citations) {
        expect(reply.sources[citation.number - 1]).toEqual(citation);
        expect(reply.text).toContain(`[${citation.number}]`);
      }
      const [cited] = citations;
      expect(cited).toMatchObject({
        documentId: world.docs.lighthouse.id,
        documentName: 'lighthouse.md',
        documentType: 'MD',
      });
      const rows = await world.t.app
        .get(MikroORM)
        .em.fork()
        .execute<{ document_id: string; text: string }[]>(
          'select document_id, text from document_chunks where id = ?',
          [cited!.chunkId],
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.document_id).toBe(world.docs.lighthouse.id);
      expect(rows[0]!.text).toContain('27 nautical miles');
      expect(cited!.text).toBe(rows[0]!.text);
      expect(cited!.snippet).toContain('27 nautical miles');
    });

    it('each answer is a ChatAnswered event with the model, tokens, cost and latency', async () => {
      const reply = await answer(world, world.admin, { message: 'What grows well beside tomatoes?' });
      const events = await world.t.app.get(EventStore).readStream(`chat-session-${reply.session.id}`);

      expect(events.map((event) => event.type)).toEqual(['ChatSessionStarted', 'ChatQuestionAsked', 'ChatAnswered']);
      expect(events[2]!.data).toMatchObject({
        sessionId: reply.session.id,
        userId: world.admin.user.id,
        content: reply.done!.content,
        grounded: true,
        model: { id: LOCAL_MODEL },
        usage: reply.done!.usage,
        cost: 0,
        latencyMs: reply.done!.latencyMs,
      });
    });
  });

  describe('when the documents do not hold the answer', () => {
    it('says so without asking a model when nothing matches', async () => {
      const reply = await answer(world, world.reader, { message: 'zeppelin quasar xylophone' });

      expect(reply.sources).toEqual([]);
      expect(reply.text).toBe(NO_PASSAGES_ANSWER);
      expect(reply.done).toMatchObject({ content: NO_PASSAGES_ANSWER, grounded: false, citations: [] });
      expect(reply.done).not.toHaveProperty('model');
    });

    it('says so when the passages found do not answer the question', async () => {
      const reply = await answer(world, world.reader, { message: 'Who painted the Fastnet lighthouse red in 1950?' });

      expect(reply.sources.length).toBeGreaterThan(0);
      expect(reply.text).toContain(NOT_ANSWERED);
      expect(reply.done!.citations).toEqual([]);
    });
  });

  describe('access', () => {
    it('never retrieves a chunk of a document the asker may not read', async () => {
      const reply = await answer(world, world.reader, { message: 'What is the vault combination in the ledger?' });

      expect(reply.sources.map((source) => source.documentId)).not.toContain(world.docs.secret.id);
      expect(JSON.stringify(reply.events)).not.toContain('Private ledger');
    });

    it('retrieves the private document for its owner', async () => {
      const reply = await answer(world, world.owner, { message: 'Where is the vault combination kept?' });

      expect(reply.sources.map((source) => source.documentId)).toContain(world.docs.secret.id);
      expect(reply.done!.citations!.map((citation) => citation.documentId)).toContain(world.docs.secret.id);
    });

    it('keeps to the documents and types the search options name', async () => {
      const reply = await answer(world, world.admin, {
        message: 'lighthouse tomatoes',
        searchOptions: { type: 'keyword', documentIds: [world.docs.garden.id] },
      });
      expect(new Set(reply.sources.map((source) => source.documentId))).toEqual(new Set([world.docs.garden.id]));
    });

    it('answers a question without the right permission or signature with 401', async () => {
      expectFailure(await world.t.http().post('/api/chat').send({ message: 'hello' }), 401);
      expectFailure(await world.t.http().get('/api/chat/sessions'), 401);
    });
  });

  describe('sessions', () => {
    it('continues a session with its history, and lists, opens, renames and deletes it', async () => {
      const first = await answer(world, world.owner, { message: 'When was the granite tower built?' });
      const second = await answer(world, world.owner, {
        message: 'How far can its light be seen?',
        sessionId: first.session.id,
      });
      expect(second.session).toMatchObject({ id: first.session.id, messageCount: 3 });

      const opened: ChatSessionDetail = (
        await callAs(world.t, world.owner.accessToken).get(`/api/chat/sessions/${first.session.id}`).expect(200)
      ).body.session;
      expect(opened).toMatchObject({
        id: first.session.id,
        title: 'When was the granite tower built?',
        messageCount: 4,
      });
      expect(opened.messages.map((message) => [message.role, message.content])).toEqual([
        ['user', 'When was the granite tower built?'],
        ['assistant', first.done!.content],
        ['user', 'How far can its light be seen?'],
        ['assistant', second.done!.content],
      ]);
      expect(opened.messages[3]).toEqual(second.done);

      const renamed = await callAs(world.t, world.owner.accessToken)
        .patch(`/api/chat/sessions/${first.session.id}`)
        .send({ title: '  Fastnet facts ' })
        .expect(200);
      expect(renamed.body.session).toMatchObject({ id: first.session.id, title: 'Fastnet facts' });
      expect((await sessionsOf(world, world.owner))[0]).toMatchObject({ id: first.session.id, title: 'Fastnet facts' });

      await callAs(world.t, world.owner.accessToken).delete(`/api/chat/sessions/${first.session.id}`).expect(200);
      expect((await sessionsOf(world, world.owner)).map((session) => session.id)).not.toContain(first.session.id);
      expectFailure(
        await callAs(world.t, world.owner.accessToken).get(`/api/chat/sessions/${first.session.id}`),
        404,
        'Chat session not found',
      );
    });

    it("treats another user's session as not found, whatever is tried with it", async () => {
      const mine = await answer(world, world.owner, { message: 'What does basil grow beside?' });
      const asReader = callAs(world.t, world.reader.accessToken);

      expectFailure(await asReader.get(`/api/chat/sessions/${mine.session.id}`), 404, 'Chat session not found');
      expectFailure(await asReader.patch(`/api/chat/sessions/${mine.session.id}`).send({ title: 'Mine now' }), 404);
      expectFailure(await asReader.delete(`/api/chat/sessions/${mine.session.id}`), 404);
      expectFailure(await ask(world, world.reader, { message: 'And tomatoes?', sessionId: mine.session.id }), 404);
      expect((await sessionsOf(world, world.reader)).map((session) => session.id)).not.toContain(mine.session.id);
      expect((await sessionsOf(world, world.owner)).map((session) => session.id)).toContain(mine.session.id);
    });

    it('refuses to continue a session that does not exist', async () => {
      expectFailure(
        await ask(world, world.owner, { message: 'Hello?', sessionId: '00000000-0000-4000-8000-000000000000' }),
        404,
      );
    });

    it(`keeps at most ${MAX_CHAT_SESSIONS} sessions, dropping the least recently used`, async () => {
      const user = await signUp(world.t);
      const started: string[] = [];
      for (let index = 0; index < MAX_CHAT_SESSIONS + 1; index += 1) {
        started.push((await answer(world, user, { message: `Question ${index} about zeppelins` })).session.id);
      }

      const kept = await sessionsOf(world, user);
      expect(kept).toHaveLength(MAX_CHAT_SESSIONS);
      expect(kept.map((session) => session.id)).toEqual(started.slice(1).reverse());
      expectFailure(await callAs(world.t, user.accessToken).get(`/api/chat/sessions/${started[0]}`), 404);
    });
  });

  describe('bad input', () => {
    it.each([
      [{}, 'message is required and must be a string'],
      [{ message: '   ' }, 'message must not be empty'],
      [{ message: 'x'.repeat(4001) }, 'message must be at most 4000 characters'],
      [{ message: 'hi', sessionId: 'nope' }, 'sessionId must be a chat session id'],
      [
        { message: 'hi', searchOptions: { type: 'fuzzy' } },
        'searchOptions.type must be one of semantic, keyword, hybrid',
      ],
      [{ message: 'hi', searchOptions: { limit: 21 } }, 'searchOptions.limit must be a whole number from 1 to 20'],
      [{ message: 'hi', preference: 'speed' }, 'preference may only be "cost"'],
      [{ message: 'hi', model: 'nobody:nothing' }, 'Unknown model: nobody:nothing'],
    ])('answers %j with 400 and the reason', async (body, reason) => {
      expectFailure(await ask(world, world.admin, body), 400, reason);
    });

    it('refuses a blank title', async () => {
      const reply = await answer(world, world.admin, { message: 'Basil?' });
      expectFailure(
        await callAs(world.t, world.admin.accessToken)
          .patch(`/api/chat/sessions/${reply.session.id}`)
          .send({ title: ' ' }),
        400,
        'title must not be empty',
      );
    });
  });

  describe('failures after the question is kept', () => {
    it('streams an error event when no model may answer, keeps the question and counts the failure', async () => {
      const before = await intelligenceStats(world);
      const asAdmin = callAs(world.t, world.admin.accessToken);
      await asAdmin
        .put(`/api/models/${encodeURIComponent(LOCAL_MODEL)}`)
        .send({ limits: { dailyRequests: 0 } })
        .expect(200);
      try {
        const reply = await answer(world, world.reader, { message: 'When was the granite tower built?' });

        expect(reply.events.map((event) => event.event)).toEqual(['session', 'sources', 'error']);
        expect(reply.error).toEqual({
          status: 429,
          error: expect.stringMatching(/daily request limit/i),
          retryAfter: expect.any(Number),
        });
        expect(reply.error?.retryAfter).toBeGreaterThanOrEqual(1);
        const session: ChatSessionDetail = (
          await callAs(world.t, world.reader.accessToken).get(`/api/chat/sessions/${reply.session.id}`).expect(200)
        ).body.session;
        expect(session.messages.map((message) => message.role)).toEqual(['user']);
      } finally {
        await asAdmin
          .put(`/api/models/${encodeURIComponent(LOCAL_MODEL)}`)
          .send({ limits: { dailyRequests: null } })
          .expect(200);
      }

      const after = await intelligenceStats(world);
      expect(after.chatQueries).toBe(before.chatQueries + 1);
      expect(after.successRate).toBeLessThan(100);
    });

    it('streams the 409 of semantic retrieval without an embedding model', async () => {
      const reply = await answer(world, world.reader, { message: 'lighthouse', searchOptions: { type: 'semantic' } });
      expect(reply.error).toEqual({ status: 409, error: expect.stringMatching(/^Semantic search is unavailable/) });
    });
  });
});

describe('intelligence stats and search history', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => world.t.close());

  it('counts searches and chat questions together', async () => {
    const asReader = callAs(world.t, world.reader.accessToken);
    await asReader
      .post('/api/search/rag')
      .send({ query: 'lighthouse', options: { type: 'keyword' } })
      .expect(200);
    await answer(world, world.reader, { message: 'When was the granite tower built?' });
    await answer(world, world.reader, { message: 'What grows beside tomatoes?' });

    expect(await intelligenceStats(world)).toEqual({
      totalQueries: 3,
      searchQueries: 1,
      chatQueries: 2,
      documentsIndexed: 2 + 1,
      averageResponseTime: expect.any(Number),
      successRate: 100,
    });
    const forReader = (await asReader.get('/api/intelligence/stats').expect(200)).body.stats as IntelligenceStats;
    expect(forReader.documentsIndexed).toBe(2);
  });

  it("keeps each user's distinct queries, newest first, at most 50, until cleared", async () => {
    const searcher = await signUp(world.t);
    const asSearcher = callAs(world.t, searcher.accessToken);
    const search = (query: string) =>
      asSearcher
        .post('/api/search/rag')
        .send({ query, options: { type: 'keyword' } })
        .expect(200);
    for (let index = 0; index < 52; index += 1) await search(`query ${index}`);
    await search('query 10');
    await search('  query 51 ');

    const { history } = (await asSearcher.get('/api/search/history').expect(200)).body as { history: string[] };
    expect(history).toHaveLength(50);
    expect(history.slice(0, 3)).toEqual(['query 51', 'query 10', 'query 50']);
    expect(new Set(history).size).toBe(50);
    expect(history.at(-1)).toBe('query 2');
    expect(history).not.toContain('query 1');
    expect(
      (await callAs(world.t, world.reader.accessToken).get('/api/search/history').expect(200)).body.history,
    ).not.toContain('query 51');

    await asSearcher.delete('/api/search/history').expect(200);
    expect((await asSearcher.get('/api/search/history').expect(200)).body.history).toEqual([]);
    expect(
      (await callAs(world.t, world.admin.accessToken).get('/api/search/stats').expect(200)).body.stats.totalSearches,
    ).toBeGreaterThanOrEqual(54);
  });

  it('records every one of many searches made at once, repeated queries once in the history', async () => {
    const searcher = await signUp(world.t);
    const asSearcher = callAs(world.t, searcher.accessToken);
    const totalSearches = async () =>
      (await callAs(world.t, world.admin.accessToken).get('/api/search/stats').expect(200)).body.stats
        .totalSearches as number;
    const before = await totalSearches();

    // Searches arriving while one is being recorded are recorded together: none may be lost or counted twice.
    const queries = Array.from({ length: 60 }, (_, index) => `burst ${Math.floor((index * 55) / 60)}`);
    await Promise.all(
      queries.map((query) =>
        asSearcher
          .post('/api/search/rag')
          .send({ query, options: { type: 'keyword' } })
          .expect(200),
      ),
    );

    expect(await totalSearches()).toBe(before + 60);
    const { history } = (await asSearcher.get('/api/search/history').expect(200)).body as { history: string[] };
    expect(history).toHaveLength(50);
    expect(new Set(history).size).toBe(50);
    expect(history.every((query) => queries.includes(query))).toBe(true);
  });
});
