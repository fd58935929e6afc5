/** One server-sent event: its name and its data parsed as JSON. */
export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/** The events of a whole `text/event-stream` body, in order (test helper; the page has its own incremental reader). */
export function parseEventStream(body: string): ServerSentEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice('event:'.length).trim();
        else if (line.startsWith('data:')) data.push(line.slice('data:'.length).trimStart());
      }
      return { event, data: JSON.parse(data.join('\n')) as unknown };
    });
}
