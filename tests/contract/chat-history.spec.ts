import { randomUUID } from 'node:crypto';
import type { ChatCitation, ChatMessageView, ChatSessionDetail } from '@docent/common/chat';
import type { DocumentView } from '@docent/common/documents';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PASSAGE_NO_LONGER_AVAILABLE } from '../../backend/src/chat/read-model/chat-views.js';
import { ProjectionRebuilder } from '../../backend/src/projections/projection-rebuilder.service.js';
import { ProjectionRunner } from '../../backend/src/projections/projection-runner.service.js';
import { parseEventStream } from '../../backend/src/testing/event-stream.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest, processingDone } from './documents-support.js';
import { callAs, signUp, type SignedIn } from './support.js';

const LIGHTHOUSE =
  '# The Fastnet lighthouse\n\nThe cast-iron tower was replaced by a granite tower in 1904. ' +
  'Its light can be seen for 27 nautical miles.\n';
const GARDEN = '# Kitchen garden\n\nBasil grows well beside tomatoes.\n';

const CHAT_TABLES = ['chat_sessions', 'chat_messages', 'chat_stats'];

let t: TestApp;
let user: SignedIn;
let lighthouse: DocumentView;
let garden: DocumentView;

const db = () => t.app.get(MikroORM).em.fork();

async function firstChunkOf(document: DocumentView): Promise<{ id: string; text: string; position: unknown }> {
  const [row] = await db().execute<{ id: string | number; text: string; position: unknown }[]>(
    'select id, text, position from document_chunks where document_id = ? order by ordinal limit 1',
    [document.id],
  );
  const position = typeof row!.position === 'string' ? JSON.parse(row!.position) : row!.position;
  return { id: String(row!.id), text: row!.text, position };
}

/** A citation as the API showed it before citations carried the passage. */
function citationWithoutText(document: DocumentView, chunk: { id: string; position: unknown }, number: number) {
  return {
    number,
    documentId: document.id,
    documentName: document.name,
    documentType: document.type,
    chunkId: chunk.id,
    position: chunk.position,
    snippet: 'The cast-iron tower was replaced by a granite tower in 1904.',
    highlights: [{ start: 4, end: 13 }],
  };
}

/** Appends events as a server from before event versions wrote them: straight into the log, no schema_version. */
async function storeAsAnOlderServer(streamId: string, events: { type: string; data: Record<string, unknown> }[]) {
  for (const [index, event] of events.entries()) {
    await db().execute(
      `insert into events (stream_id, stream_type, version, type, data, metadata, occurred_at)
       values (?, 'chat-session', ?, ?, ?::jsonb, ?::jsonb, now())`,
      [streamId, index + 1, event.type, JSON.stringify(event.data), JSON.stringify({ actorId: user.user.id })],
    );
  }
}

async function snapshotChatTables(): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of CHAT_TABLES) snapshot[table] = await db().execute(`select * from ${table} order by 1`);
  return snapshot;
}

const openSession = async (sessionId: string, reader = user): Promise<ChatSessionDetail> =>
  (await callAs(t, reader.accessToken).get(`/api/chat/sessions/${sessionId}`).expect(200)).body.session;

async function ask(asker: SignedIn, body: Record<string, unknown>): Promise<ChatMessageView> {
  const reply = await callAs(t, asker.accessToken)
    .post('/api/chat')
    .send({ searchOptions: { type: 'keyword' }, ...body })
    .expect(200);
  return (parseEventStream(reply.text).find((event) => event.event === 'done')!.data as { message: ChatMessageView })
    .message;
}

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterAll(() => t.close());

describe('chat sessions an older server stored', () => {
  const sessionId = randomUUID();
  const [q1, a1, q2, a2, q3, q4] = Array.from({ length: 6 }, () => randomUUID());
  let lighthouseChunk: Awaited<ReturnType<typeof firstChunkOf>>;
  let gardenCitation: ReturnType<typeof citationWithoutText>;

  beforeAll(async () => {
    lighthouse = await ingest(t, user.accessToken, { name: 'lighthouse.md', content: LIGHTHOUSE });
    garden = await ingest(t, user.accessToken, { name: 'garden.md', content: GARDEN });
    lighthouseChunk = await firstChunkOf(lighthouse);
    gardenCitation = citationWithoutText(garden, await firstChunkOf(garden), 2);
    await callAs(t, user.accessToken).delete(`/api/documents/${garden.id}`).expect(200);
    await processingDone(t);

    const answered = (messageId: string, questionId: string, citations: unknown[]) => ({
      type: 'ChatAnswered',
      data: {
        sessionId,
        userId: user.user.id,
        messageId,
        questionId,
        content: 'It was rebuilt in granite in 1904 [1].',
        citations,
        grounded: true,
        model: { id: 'local:extractive', name: 'Extractive' },
        usage: { inputTokens: 120, outputTokens: 12 },
        cost: 0,
        latencyMs: 40,
      },
    });
    const asked = (messageId: string, content: string) => ({
      type: 'ChatQuestionAsked',
      data: { sessionId, messageId, content, searchOptions: { type: 'keyword' } },
    });
    const failed = (questionId: string, status: number, error: string) => ({
      type: 'ChatAnswerFailed',
      data: { sessionId, userId: user.user.id, questionId, status, error, latencyMs: 5 },
    });
    await storeAsAnOlderServer(`chat-session-${sessionId}`, [
      { type: 'ChatSessionStarted', data: { sessionId, userId: user.user.id, title: 'The Fastnet lighthouse' } },
      asked(q1, 'When was the tower rebuilt?'),
      // The first chat server's citations: no passage text.
      answered(a1, q1, [citationWithoutText(lighthouse, lighthouseChunk, 1)]),
      asked(q2, 'And what grows in the garden?'),
      // A later server's: with the passage text, of a chunk whose document is deleted since.
      answered(a2, q2, [
        { ...citationWithoutText(lighthouse, lighthouseChunk, 1), text: lighthouseChunk.text },
        { ...gardenCitation, text: 'Basil grows well beside tomatoes.' },
      ]),
      asked(q3, 'How far can the light be seen?'),
      failed(q3, 429, 'Extractive reached its daily request limit'),
      asked(q4, 'Never mind.'),
      failed(q4, 499, 'The answer was stopped'),
    ]);
    // What `npm run projections:rebuild` does after the upgrade.
    await t.app.get(ProjectionRebuilder).rebuild(['chat']);
  });

  it('shows their answers with each citation and the text of its passage, or that the passage is gone', async () => {
    const session = await openSession(sessionId);

    const lighthouseCitation: ChatCitation = {
      ...citationWithoutText(lighthouse, lighthouseChunk, 1),
      position: lighthouseChunk.position as ChatCitation['position'],
      text: lighthouseChunk.text,
    };
    expect(session).toMatchObject({ id: sessionId, title: 'The Fastnet lighthouse', messageCount: 6 });
    expect(session.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'When was the tower rebuilt?'],
      ['assistant', 'It was rebuilt in granite in 1904 [1].'],
      ['user', 'And what grows in the garden?'],
      ['assistant', 'It was rebuilt in granite in 1904 [1].'],
      ['user', 'How far can the light be seen?'],
      ['user', 'Never mind.'],
    ]);
    expect(session.messages[1]).toMatchObject({
      id: a1,
      citations: [lighthouseCitation],
      grounded: true,
      model: { id: 'local:extractive', name: 'Extractive' },
      usage: { inputTokens: 120, outputTokens: 12 },
      cost: 0,
      latencyMs: 40,
    } satisfies Partial<ChatMessageView>);
    expect(session.messages[3]!.citations).toEqual([
      lighthouseCitation,
      { ...gardenCitation, text: PASSAGE_NO_LONGER_AVAILABLE },
    ]);
    expect(lighthouseChunk.text).toContain('27 nautical miles');
  });

  it('counts their answers and failures, and the activity feed tells a stopped answer from a failed one', async () => {
    const stats = (await callAs(t, user.accessToken).get('/api/intelligence/stats').expect(200)).body.stats;
    expect(stats).toMatchObject({ chatQueries: 4 });

    await t.app.get(ProjectionRunner).catchUp();
    const activity = await db().execute<{ title: string; description: string }[]>(
      `select title, description from activity where title in ('Answer stopped', 'Question not answered') order by id`,
    );
    expect(activity).toEqual([
      { title: 'Question not answered', description: 'Extractive reached its daily request limit' },
      { title: 'Answer stopped', description: 'The asker stopped the answer' },
    ]);
  });

  it('continues such a session, and a rebuild from the mixed log reproduces the chat tables', async () => {
    const done = await ask(user, { message: 'How far can the Fastnet light be seen?', sessionId });
    expect(done.citations!.map((citation) => citation.chunkId)).toContain(lighthouseChunk.id);
    expect((await openSession(sessionId)).messages.at(-1)).toEqual(done);

    const live = await snapshotChatTables();
    expect(live.chat_messages).toHaveLength(8);
    await t.app.get(ProjectionRebuilder).rebuild(['chat']);
    expect(await snapshotChatTables()).toEqual(live);
  });
});

describe('the passages a session cites, as it is read later', () => {
  it("shows a passage only while its reader may read the passage's document", async () => {
    const reader = await signUp(t);
    const ledger = await ingest(t, user.accessToken, {
      name: 'ledger.md',
      content: '# Ledger\n\nThe vault combination is kept in the keeper diary.\n',
    });
    const answer = await ask(reader, { message: 'Where is the vault combination kept?' });
    const [cited] = answer.citations!.filter((citation) => citation.documentId === ledger.id);
    expect(cited!.text).toContain('keeper diary');
    const sessionId = (await callAs(t, reader.accessToken).get('/api/chat/sessions').expect(200)).body.sessions[0].id;
    expect((await openSession(sessionId, reader)).messages[1]!.citations).toContainEqual(cited);

    await callAs(t, user.accessToken)
      .put(`/api/documents/${ledger.id}/metadata`)
      .send({ accessLevel: 'private' })
      .expect(200);

    // The snippet stays: like the answer, it was shown to the asker then.
    expect((await openSession(sessionId, reader)).messages[1]!.citations).toContainEqual({
      ...cited,
      text: PASSAGE_NO_LONGER_AVAILABLE,
    });
  });
});
