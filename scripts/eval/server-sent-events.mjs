// Reads a text/event-stream body into { type, data } events, the data parsed as JSON.

/**
 * Splits the text received so far into complete events and the unfinished rest.
 * An event is `event:` and `data:` lines ended by a blank line; several data lines join
 * with newlines; comments (":") and other fields are skipped.
 */
export function takeEvents(buffered) {
  const text = buffered.replace(/\r\n?/g, '\n');
  const blocks = text.split('\n\n');
  const rest = blocks.pop();
  const events = [];
  for (const block of blocks) {
    let type = 'message';
    const data = [];
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ type, data: JSON.parse(data.join('\n')) });
  }
  return { events, rest };
}

/** The events of a fetch Response's body, as they arrive. */
export async function* readEvents(body) {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    const { events, rest } = takeEvents(buffered);
    buffered = rest;
    yield* events;
  }
  const { events } = takeEvents(`${buffered}${decoder.decode()}\n\n`);
  yield* events;
}
