import type { ChatStreamEvent, ChatStreamEventType } from '@docent/common/chat';

/** One server-sent event as it arrived: its `event:` name and its `data:` lines joined by newlines. */
export interface RawServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream a chunk at a time (WHATWG HTML, "Interpreting an event
 * stream"). A network chunk may end anywhere, mid-line or mid-event: what is not yet a
 * whole line waits for the next chunk, and an event is complete only at a blank line.
 */
export class ServerSentEventParser {
  private pending = '';
  private eventName = '';
  private dataLines: string[] = [];

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): RawServerSentEvent[] {
    this.pending += text;
    const events: RawServerSentEvent[] = [];
    let lineEnd = this.nextLineEnd();
    while (lineEnd !== null) {
      const line = this.pending.slice(0, lineEnd.index);
      this.pending = this.pending.slice(lineEnd.index + lineEnd.length);
      const event = this.takeLine(line);
      if (event) events.push(event);
      lineEnd = this.nextLineEnd();
    }
    return events;
  }

  /** A lone \r at the end of a chunk may be the first half of \r\n: it waits for the next chunk. */
  private nextLineEnd(): { index: number; length: number } | null {
    const match = /\r\n|\n|\r/.exec(this.pending);
    if (!match) return null;
    if (match[0] === '\r' && match.index === this.pending.length - 1) return null;
    return { index: match.index, length: match[0].length };
  }

  private takeLine(line: string): RawServerSentEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null; // a comment (a keep-alive)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') this.dataLines.push(value);
    return null;
  }

  private dispatch(): RawServerSentEvent | null {
    const event =
      this.dataLines.length === 0 ? null : { event: this.eventName || 'message', data: this.dataLines.join('\n') };
    this.eventName = '';
    this.dataLines = [];
    return event;
  }
}

const CHAT_EVENT_TYPES: readonly ChatStreamEventType[] = ['session', 'sources', 'delta', 'done', 'error'];

/** The chat event a raw event carries, or null for an event of another kind or data that is not JSON. */
export function toChatStreamEvent(raw: RawServerSentEvent): ChatStreamEvent | null {
  const type = CHAT_EVENT_TYPES.find((known) => known === raw.event);
  if (!type) return null;
  try {
    const payload: unknown = JSON.parse(raw.data);
    if (typeof payload !== 'object' || payload === null) return null;
    return { ...payload, type } as ChatStreamEvent;
  } catch {
    return null;
  }
}
