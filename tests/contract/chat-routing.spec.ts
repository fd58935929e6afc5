import type { AddressInfo } from 'node:net';
import type { ChatMessageView, ChatSessionSummary } from '@docent/common/chat';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { DomainEventMap } from '../../backend/src/event-store/domain-event.js';
import { parseEventStream } from '../../backend/src/testing/event-stream.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { MODEL_PLUGINS_DIR, ScriptedUpstream } from './fixtures/model-plugins/scripted-upstream.js';
import { callAs, eventually, signUp, type SignedIn } from './support.js';

const LIGHTHOUSE = '# Fastnet\n\nThe Fastnet lighthouse was rebuilt in granite in 1904.\n';

let t: TestApp;
let baseUrl: string;
const upstream = new ScriptedUpstream();
let admin: SignedIn;

const as = () => callAs(t, admin.accessToken);

async function ask(body: Record<string, unknown>) {
  const response = await as()
    .post('/api/chat')
    .send({ searchOptions: { type: 'keyword' }, ...body })
    .expect(200);
  const events = parseEventStream(response.text);
  const data = <T>(name: string) => events.find((event) => event.event === name)?.data as T;
  return {
    session: data<{ session: ChatSessionSummary }>('session').session,
    done: data<{ message: ChatMessageView } | undefined>('done')?.message,
    error: data<{ status: number; error: string } | undefined>('error'),
  };
}

async function chatOutcomes(sessionId: string) {
  const rows = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ type: string; data: unknown }[]>(
      `select type, data from events where stream_id = ? and type like 'ChatAnswer%' order by position`,
      [`chat-session-${sessionId}`],
    );
  return rows.map((row) => ({
    type: row.type,
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
  }));
}

beforeAll(async () => {
  await upstream.start();
  t = await startTestApp({ PLUGINS_DIR: MODEL_PLUGINS_DIR });
  await t.app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  admin = await signUp(t);
  await as()
    .put(`/api/models/${encodeURIComponent('scripted:alpha')}`)
    .send({ endpoint: upstream.url, apiKey: upstream.apiKey })
    .expect(200);
  await as()
    .put(`/api/models/${encodeURIComponent('offline:echo')}`)
    .send({ status: 'inactive' })
    .expect(200);
  await as()
    .put('/api/models/routing')
    .send({
      primaryModelId: 'scripted:alpha',
      fallbackModelId: null,
      costOptimizedModelId: 'scripted:beta',
      autoRouting: false,
    })
    .expect(200);
  await ingest(t, admin.accessToken, { name: 'fastnet.md', content: LIGHTHOUSE });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await upstream.stop();
});
beforeEach(() => {
  upstream.resetCounts();
  upstream.behave('alpha', {
    kind: 'answer',
    text: 'It was rebuilt in 1904 [1].',
    inputTokens: 1000,
    outputTokens: 500,
  });
  upstream.behave('beta', { kind: 'answer', text: 'Cheaply: 1904 [1].', inputTokens: 100, outputTokens: 50 });
});

describe('chat through the model router', () => {
  it('sends the model numbered sources with the document they come from, then the question', async () => {
    await ask({ message: 'When was the Fastnet lighthouse rebuilt?' });

    const [call] = upstream.calls;
    const messages = call!.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toContain('Answer the question using only the numbered sources below.');
    expect(messages[0]!.content).toContain(
      'Sources:\n<source number="1" title="fastnet.md, Fastnet">\n# Fastnet\n\nThe Fastnet lighthouse was rebuilt in granite in 1904.\n</source>',
    );
    expect(messages[1]!.content).toBe('When was the Fastnet lighthouse rebuilt?');
  });

  it('sends the earlier turns of the session with a follow-up question', async () => {
    const first = await ask({ message: 'When was the Fastnet lighthouse rebuilt?' });
    upstream.resetCounts();
    await ask({ message: 'In what stone was the lighthouse rebuilt?', sessionId: first.session.id });

    const messages = upstream.calls[0]!.body.messages as { role: string; content: string }[];
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'When was the Fastnet lighthouse rebuilt?' },
      { role: 'assistant', content: first.done!.content },
      { role: 'user', content: 'In what stone was the lighthouse rebuilt?' },
    ]);
  });

  it("prices the answer at the model's rates and names the model that answered", async () => {
    const { done } = await ask({ message: 'When was the Fastnet lighthouse rebuilt?' });

    expect(done).toMatchObject({
      model: { id: 'scripted:alpha', name: 'Alpha Large' },
      usage: { inputTokens: 1000, outputTokens: 500 },
    });
    expect(done!.cost).toBeCloseTo(1 * 0.01 + 0.5 * 0.03, 10);
    expect(done!.citations!.map((citation) => citation.documentName)).toEqual(['fastnet.md']);
  });

  it('lets the asker name a model or ask for the cost-optimized one', async () => {
    expect((await ask({ message: 'Fastnet lighthouse?', model: 'scripted:beta' })).done!.model!.id).toBe(
      'scripted:beta',
    );
    expect((await ask({ message: 'Fastnet lighthouse?', preference: 'cost' })).done!.model!.id).toBe('scripted:beta');
    expect((await ask({ message: 'Fastnet lighthouse?', model: 'auto' })).done!.model!.id).toBe('scripted:alpha');
  });

  it('streams the failure of the model as an error event and records it', async () => {
    upstream.behave('alpha', { kind: 'fail', status: 500, message: 'upstream exploded' });
    const { session, error, done } = await ask({ message: 'When was the Fastnet lighthouse rebuilt?' });

    expect(done).toBeUndefined();
    expect(error).toEqual({ status: 502, error: expect.stringContaining('Alpha Large failed') });
    expect(await chatOutcomes(session.id)).toEqual([
      { type: 'ChatAnswerFailed', data: expect.objectContaining({ reason: 'model-failed' }) },
    ]);
  });

  it('stops the model call when the asker goes away, and records the answer as stopped', async () => {
    upstream.behave('alpha', { kind: 'hang' });
    const leave = new AbortController();
    const response = await fetch(`${baseUrl}/api/chat`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'When was the Fastnet lighthouse rebuilt?', searchOptions: { type: 'keyword' } }),
      signal: leave.signal,
    });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('event: sources')) received += new TextDecoder().decode((await reader.read()).value);
    await eventually(() => expect(upstream.inFlight).toBe(1));
    const sessionId = (
      parseEventStream(received.slice(0, received.indexOf('event: sources')))[0]!.data as { session: { id: string } }
    ).session.id;

    leave.abort();

    await eventually(() => expect(upstream.inFlight).toBe(0), { timeout: 5_000 });
    await eventually(
      async () =>
        expect(await chatOutcomes(sessionId)).toEqual([
          {
            type: 'ChatAnswerFailed',
            data: expect.objectContaining({ reason: 'stopped', error: 'The answer was stopped' } satisfies Partial<
              DomainEventMap['ChatAnswerFailed']
            >),
          },
        ]),
      { timeout: 5_000 },
    );
  });
});
