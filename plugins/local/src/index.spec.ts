import { buildGroundedMessages, type ChatRequest, type GroundingPassage } from '@docent/plugin-sdk';
import { describe, expect, it } from '@jest/globals';
import { collect, providerContext } from '../../sdk/src/testing/fake-provider-server.js';
import { NOT_ANSWERED, NO_PASSAGES_ANSWER } from './extractive-answer.js';
import local from './index.js';

const context = providerContext({});

const BRIDGE_PASSAGES: GroundingPassage[] = [
  {
    number: 1,
    title: 'City overview',
    text: 'The city lies on both banks of the river. Its economy grew around the port. Ferries carried people across for centuries.',
  },
  {
    number: 2,
    title: 'Bridge history',
    text:
      'Plans for a crossing were drawn up in 1925. Construction of the bridge took four years. ' +
      'The bridge opened in 1932. It carries six lanes of traffic.',
  },
  {
    number: 5,
    title: 'Parks',
    text: 'The riverside park has a rose garden. Concerts are held there every summer.',
  },
];

function ask(question: string, passages: readonly GroundingPassage[], options: Partial<ChatRequest> = {}): ChatRequest {
  return { model: 'extractive', messages: buildGroundedMessages({ question, passages }), ...options };
}

/** Each cited sentence with the passage number it cites, as the answer writes them: "Sentence [n]." */
function citedSentences(answer: string): { sentence: string; passageNumber: number }[] {
  return [...answer.matchAll(/\s*(.+?) \[(\d+)\]([.!?]["')\]]*)?/g)].map(([, body, number, closing]) => ({
    sentence: `${body}${closing ?? ''}`,
    passageNumber: Number(number),
  }));
}

describe('local provider', () => {
  it('picks the sentence that answers the question and cites its passage', async () => {
    const { text, finishReason } = await local.chat(ask('When was the bridge opened?', BRIDGE_PASSAGES), context);

    expect(text.startsWith('The bridge opened in 1932 [2].')).toBe(true);
    expect(finishReason).toBe('stop');
  });

  it.each([
    'When was the bridge opened?',
    'How many lanes does the bridge carry?',
    'What grew around the port?',
    'When are concerts held in the park?',
    'How long did construction take?',
    'Tell me about the bridge',
  ])('cites only passages it was given, each with a sentence that occurs in that passage: %s', async (question) => {
    const { text } = await local.chat(ask(question, BRIDGE_PASSAGES), context);

    const cited = citedSentences(text);
    expect(cited.length).toBeGreaterThan(0);
    // No bracket is left that is not a citation.
    expect(text.replace(/\[(\d+)\]/g, '')).not.toContain('[');
    for (const { sentence, passageNumber } of cited) {
      expect(BRIDGE_PASSAGES.map((given) => given.number)).toContain(passageNumber);
      const passage = BRIDGE_PASSAGES.find((given) => given.number === passageNumber);
      expect(passage!.text).toContain(sentence);
    }
  });

  it('says plainly when the passages do not answer', async () => {
    const unrelated = await local.chat(ask('Who designed the cathedral windows?', BRIDGE_PASSAGES), context);
    // "city" occurs in the passages, but nothing there is about its population.
    const partlyRelated = await local.chat(ask('What is the population of the city?', BRIDGE_PASSAGES), context);

    expect(unrelated.text).toBe(NOT_ANSWERED);
    expect(partlyRelated.text).toBe(NOT_ANSWERED);
  });

  it('decides from one sentence, not from words scattered over the passage', async () => {
    // Every key word of the question is in the passage, but no one sentence holds them together.
    const scattered: GroundingPassage[] = [
      {
        number: 1,
        text: 'The harbour was dredged in 1910. A lighthouse stands on the northern pier. The keeper retired last year.',
      },
    ];

    const { text } = await local.chat(
      ask('When did the lighthouse keeper retire from the harbour?', scattered),
      context,
    );

    expect(text).toBe('The keeper retired last year [1].');
  });

  it('abstains when only stop words and question words overlap', async () => {
    const { text } = await local.chat(ask('What was it that they did there, and when?', BRIDGE_PASSAGES), context);

    expect(text).toBe(NOT_ANSWERED);
  });

  it('cites the second passage when the answer is there, and not the first', async () => {
    const passages: GroundingPassage[] = [
      {
        number: 1,
        title: 'Museum',
        text: 'The museum holds paintings from the Dutch golden age. Entry is free on Sundays.',
      },
      {
        number: 2,
        title: 'Library',
        text: 'The library was founded by a merchant guild. It lends maps of the old harbour.',
      },
    ];

    const { text } = await local.chat(ask('Who founded the library?', passages), context);

    expect(text).toBe('The library was founded by a merchant guild [2].');
    expect(citedSentences(text).map(({ passageNumber }) => passageNumber)).toEqual([2]);
  });

  it('never cites a passage it did not quote', async () => {
    const { text } = await local.chat(ask('When was the bridge opened?', BRIDGE_PASSAGES), context);

    const cited = citedSentences(text);
    for (const number of [...text.matchAll(/\[(\d+)\]/g)].map(([, digits]) => Number(digits))) {
      const quoted = cited.filter(({ passageNumber }) => passageNumber === number);
      expect(quoted.length).toBeGreaterThan(0);
      const passage = BRIDGE_PASSAGES.find((given) => given.number === number)!;
      for (const { sentence } of quoted) expect(passage.text).toContain(sentence);
    }
    expect(cited.map(({ passageNumber }) => passageNumber)).not.toContain(1);
    expect(cited.map(({ passageNumber }) => passageNumber)).not.toContain(5);
  });

  it('does not answer a question about another number, or a negated question with a plain statement', async () => {
    const otherYear = await local.chat(ask('What was built across the river in 1950?', BRIDGE_PASSAGES), context);
    const negated = await local.chat(ask('When was the bridge not opened?', BRIDGE_PASSAGES), context);

    expect(otherYear.text).toBe(NOT_ANSWERED);
    expect(negated.text).toBe(NOT_ANSWERED);
  });

  it('does not answer a question about a name the passages do not mention, even when the rest of it matches', async () => {
    const architects: GroundingPassage[] = [
      {
        number: 1,
        title: 'Architects',
        text: 'Anna Berg trained in Vienna and Munich. She designed the Royal Theatre in 1901.',
      },
    ];

    const named = await local.chat(ask('What did Anna Berg design in 1901?', architects), context);
    const otherName = await local.chat(ask('What did Karl Lind design in 1901?', architects), context);

    // The name is in the sentence before: "she" is Anna Berg.
    expect(named.text).toBe('She designed the Royal Theatre in 1901 [1].');
    expect(otherName.text).toBe(NOT_ANSWERED);
  });

  it("finds a name the question asks about in the passage's title or headings, which say what its sentences are about", async () => {
    const lighthouse: GroundingPassage[] = [
      {
        number: 1,
        title: 'fastnet.md, The Fastnet lighthouse',
        text: 'The keepers left in 1989. The tower was rebuilt in granite in 1904. Its light can be seen for 27 nautical miles.',
      },
      {
        number: 2,
        text: '# The Fastnet lighthouse\n\nThe keepers left in 1989. Supplies came by boat. Its light can be seen for 27 nautical miles.',
      },
    ];

    const byTitle = await local.chat(ask('How far can the Fastnet light be seen?', lighthouse.slice(0, 1)), context);
    const byHeading = await local.chat(ask('How far can the Fastnet light be seen?', lighthouse.slice(1)), context);
    const otherName = await local.chat(ask('How far can the Eddystone light be seen?', lighthouse), context);

    expect(byTitle.text).toBe('Its light can be seen for 27 nautical miles [1].');
    expect(byHeading.text).toBe('Its light can be seen for 27 nautical miles [2].');
    expect(otherName.text).toBe(NOT_ANSWERED);
  });

  it('matches names written without their accents', async () => {
    const passages: GroundingPassage[] = [
      { number: 1, text: 'José Núñez studied law in Salamanca. He later taught in Lisbon.' },
    ];

    const { text } = await local.chat(ask('Where did Jose Nunez study law?', passages), context);

    expect(text).toBe('José Núñez studied law in Salamanca [1].');
  });

  it('does not answer "how many" without a number, or "what year" without a year, other than the ones asked about', async () => {
    const museum: GroundingPassage[] = [
      {
        number: 1,
        title: 'Museum',
        text: 'The museum reopened after the flood. Its visitors were first counted in 2019.',
      },
    ];
    const counted: GroundingPassage[] = [
      { number: 1, title: 'Museum', text: 'The museum reopened in 1998. In 2019 it counted 40,000 visitors.' },
    ];

    const noYear = await local.chat(ask('In what year did the museum reopen?', museum), context);
    const onlyTheAskedYear = await local.chat(ask('How many visitors did the museum count in 2019?', museum), context);
    const year = await local.chat(ask('In what year did the museum reopen?', counted), context);
    const number = await local.chat(ask('How many visitors did the museum count in 2019?', counted), context);

    expect(noYear.text).toBe(NOT_ANSWERED);
    expect(onlyTheAskedYear.text).toBe(NOT_ANSWERED);
    expect(year.text.startsWith('The museum reopened in 1998 [1].')).toBe(true);
    expect(number.text.startsWith('In 2019 it counted 40,000 visitors [1].')).toBe(true);
  });

  it('reads "ca." (circa) before a figure as part of the sentence, not its end', async () => {
    const passages: GroundingPassage[] = [
      { number: 1, text: 'The population of the republic amounted to ca. 2 million. Most lived in towns.' },
    ];

    const { text } = await local.chat(ask('What was the population of the republic?', passages), context);

    expect(text).toBe('The population of the republic amounted to ca. 2 million [1].');
  });

  it('does not quote a heading as an answer', async () => {
    const headed: GroundingPassage[] = [
      { number: 1, text: '# Bridge opening ceremony\n\nThe bridge opening ceremony was held in May.' },
    ];

    const { text } = await local.chat(ask('When was the bridge opening ceremony?', headed), context);

    expect(text).toBe('The bridge opening ceremony was held in May [1].');
  });

  it('says so when it is given no passages, or messages without any', async () => {
    await expect(local.chat(ask('When was the bridge opened?', []), context)).resolves.toMatchObject({
      text: NO_PASSAGES_ANSWER,
    });
    await expect(
      local.chat(
        { model: 'extractive', messages: [{ role: 'user', content: 'When was the bridge opened?' }] },
        context,
      ),
    ).resolves.toMatchObject({ text: NO_PASSAGES_ANSWER });
  });

  it('counts tokens as words and punctuation marks', async () => {
    const request = ask('When was the bridge opened?', [{ number: 1, text: 'The bridge opened in 1932.' }]);

    const { text, usage } = await local.chat(request, context);

    expect(text).toBe('The bridge opened in 1932 [1].');
    // The, bridge, opened, in, 1932, [, 1, ], .
    expect(usage.outputTokens).toBe(9);
    expect(usage.inputTokens).toBeGreaterThan(9);
  });

  it('keeps the answer within maxTokens', async () => {
    const { text, finishReason } = await local.chat(
      ask('When was the bridge opened?', BRIDGE_PASSAGES, { maxTokens: 4 }),
      context,
    );

    expect(text).toBe('The bridge opened in');
    expect(finishReason).toBe('length');
  });

  it('streams word-sized deltas that join to the same answer, then one finish part', async () => {
    const request = ask('When was the bridge opened?', BRIDGE_PASSAGES);
    const answer = await local.chat(request, context);

    const parts = await collect(local.chatStream!(request, context));

    const deltas = parts.filter((part) => part.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((part) => part.text).join('')).toBe(answer.text);
    expect(parts.at(-1)).toEqual({ type: 'finish', usage: answer.usage, finishReason: answer.finishReason });
    expect(parts.filter((part) => part.type === 'finish')).toHaveLength(1);
  });

  it('rejects a call whose signal is already aborted', async () => {
    const signal = AbortSignal.abort();

    await expect(
      local.chat(ask('When was the bridge opened?', BRIDGE_PASSAGES, { signal }), context),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('is always healthy', async () => {
    await expect(local.healthCheck(context)).resolves.toEqual({ healthy: true });
  });
});
