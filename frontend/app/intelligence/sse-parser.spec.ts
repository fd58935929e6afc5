import { describe, expect, it } from '@jest/globals';
import { ServerSentEventParser, toChatStreamEvent } from './sse-parser';

/** Feeds the chunks in order and collects every event they complete. */
function parseChunks(chunks: string[]) {
  const parser = new ServerSentEventParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

describe('server-sent event parser', () => {
  it('reads events separated by blank lines', () => {
    expect(parseChunks(['event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\n'])).toEqual([
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'delta', data: '{"text":"lo"}' },
    ]);
  });

  it('keeps an event split across chunks mid-line and mid-event until its blank line arrives', () => {
    const stream = 'event: sources\ndata: {"sources":[]}\n\nevent: done\ndata: {"message":{"id":"m1"}}\n\n';
    const everySplit = Array.from({ length: stream.length - 1 }, (_, at) =>
      parseChunks([stream.slice(0, at + 1), stream.slice(at + 1)]),
    );
    for (const events of everySplit) {
      expect(events).toEqual([
        { event: 'sources', data: '{"sources":[]}' },
        { event: 'done', data: '{"message":{"id":"m1"}}' },
      ]);
    }
    expect(parseChunks([...stream])).toHaveLength(2);
  });

  it('joins multi-line data with newlines', () => {
    expect(parseChunks(['event: delta\ndata: first line\ndata: second line\n\n'])).toEqual([
      { event: 'delta', data: 'first line\nsecond line' },
    ]);
  });

  it('accepts CRLF and CR line ends, also when a CRLF is split between chunks', () => {
    expect(parseChunks(['event: delta\r', '\ndata: x\r\n\r\n', 'event: done\rdata: y\r\r', ': next'])).toEqual([
      { event: 'delta', data: 'x' },
      { event: 'done', data: 'y' },
    ]);
  });

  it('skips comments and events without data, and names an unnamed event "message"', () => {
    expect(parseChunks([': keep-alive\n\nevent: delta\n\ndata: plain\n\n'])).toEqual([
      { event: 'message', data: 'plain' },
    ]);
  });

  it('holds back an event whose blank line has not come yet', () => {
    expect(parseChunks(['event: delta\ndata: {"text":"a"}\n'])).toEqual([]);
  });
});

describe('chat stream events', () => {
  it('takes the type from the event name and the fields from the JSON data', () => {
    expect(toChatStreamEvent({ event: 'delta', data: '{"text":"Hi"}' })).toEqual({ type: 'delta', text: 'Hi' });
    expect(toChatStreamEvent({ event: 'error', data: '{"status":502,"error":"No model answered"}' })).toEqual({
      type: 'error',
      status: 502,
      error: 'No model answered',
    });
  });

  it('ignores unknown events and data that is not a JSON object', () => {
    expect(toChatStreamEvent({ event: 'ping', data: '{}' })).toBeNull();
    expect(toChatStreamEvent({ event: 'delta', data: 'not json' })).toBeNull();
    expect(toChatStreamEvent({ event: 'delta', data: '"text"' })).toBeNull();
  });
});
