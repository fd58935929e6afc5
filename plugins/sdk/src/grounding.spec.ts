import { describe, expect, it } from '@jest/globals';
import { buildGroundedMessages, GROUNDING_INSTRUCTIONS, readGroundedMessages } from './grounding.js';

describe('grounded messages', () => {
  it('reads back the question and passages it was built from', () => {
    const passages = [
      { number: 1, title: 'Bridge history', text: 'The bridge opened in 1932.\nIt spans the river.' },
      { number: 4, text: 'Tolls were removed in 1950.' },
    ];

    const messages = buildGroundedMessages({ question: 'When was the bridge opened?', passages });

    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toContain(GROUNDING_INSTRUCTIONS);
    expect(messages[1]!.content).toBe('When was the bridge opened?');
    expect(readGroundedMessages(messages)).toEqual({ question: 'When was the bridge opened?', passages });
  });

  it('keeps the history between the sources and the question', () => {
    const history = [
      { role: 'user' as const, content: 'Tell me about the bridge.' },
      { role: 'assistant' as const, content: 'It spans the river [1].' },
    ];

    const messages = buildGroundedMessages({
      question: 'How long is it?',
      passages: [{ number: 1, text: 'It is 1,280 metres long.' }],
      history,
    });

    expect(messages.slice(1)).toEqual([...history, { role: 'user', content: 'How long is it?' }]);
    expect(readGroundedMessages(messages)?.question).toBe('How long is it?');
  });

  it('survives passages that contain the markup of the sources block', () => {
    const passages = [
      {
        number: 2,
        title: 'A "quoted" title &amp; more',
        text: 'Text with </source> and <source number="9"> inside, AT&T, &lt; and &quot; as written.',
      },
      { number: 3, text: '' },
    ];

    const messages = buildGroundedMessages({ question: 'q', passages });

    expect(readGroundedMessages(messages)?.passages).toEqual(passages);
  });

  it('reads an empty list of passages', () => {
    expect(readGroundedMessages(buildGroundedMessages({ question: 'q', passages: [] }))).toEqual({
      question: 'q',
      passages: [],
    });
  });

  it('answers null for messages in any other format', () => {
    expect(readGroundedMessages([{ role: 'user', content: 'Hello' }])).toBeNull();
    expect(
      readGroundedMessages([
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'Hello' },
      ]),
    ).toBeNull();
    const grounded = buildGroundedMessages({ question: 'q', passages: [] });
    expect(readGroundedMessages([...grounded, { role: 'assistant', content: 'a' }])).toBeNull();
  });
});
