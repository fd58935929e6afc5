import { describe, expect, it } from '@jest/globals';
import {
  containsGoldAnswer,
  describeShare,
  normalizeAnswer,
  sampleInOrder,
  saysNotInDocuments,
  scoreAnswer,
  summarizeOutcomes,
} from './answer-metrics.mjs';
import { takeEvents } from './server-sent-events.mjs';

describe('SQuAD answer normalisation', () => {
  it('lower-cases, drops punctuation and articles, and collapses whitespace', () => {
    expect(normalizeAnswer('  The Normans,\n in   "Normandy"! ')).toBe('normans in normandy');
    expect(normalizeAnswer('an apple a day')).toBe('apple day');
    expect(normalizeAnswer('10th–11th centuries')).toBe('10th11th centuries');
  });
});

describe('whether an answer holds a gold answer', () => {
  it('finds any of the gold answers, whatever the case, punctuation and articles', () => {
    expect(containsGoldAnswer('Normandy lies in northern FRANCE [1].', ['France', 'northern France'])).toBe(true);
    expect(containsGoldAnswer('It was the 10th and 11th centuries.', ['10th and 11th centuries'])).toBe(true);
    expect(containsGoldAnswer('Rollo, a Viking leader.', ['the Rollo'])).toBe(true);
  });

  it('matches whole words only, and never on a gold answer that normalises to nothing', () => {
    expect(containsGoldAnswer('In 10667 nothing happened.', ['1066'])).toBe(false);
    expect(containsGoldAnswer('The Franks', ['the'])).toBe(false);
    expect(containsGoldAnswer('Paris', [])).toBe(false);
  });
});

describe('whether an answer abstains', () => {
  it.each([
    'The provided documents do not contain an answer to this question.',
    "I couldn't find anything about this in the documents you can search, so I can't answer it from them.",
    'No documents were provided, so there is nothing to answer this question from.',
    "The sources don't mention who built it.",
    'There is no information about this in the provided passages.',
    'That is not stated in the provided documents.',
  ])('abstains: %s', (content) => {
    expect(saysNotInDocuments({ content, grounded: true })).toBe(true);
  });

  it('does not take an answer quoting a negative sentence for an abstention', () => {
    expect(saysNotInDocuments({ content: 'The treaty did not include France [1].', grounded: true })).toBe(false);
    expect(saysNotInDocuments({ content: 'Rollo [2].', grounded: true })).toBe(false);
  });

  it('takes an answer the server marked ungrounded as an abstention', () => {
    expect(saysNotInDocuments({ content: 'Anything', grounded: false })).toBe(true);
  });
});

describe('the question sample', () => {
  const items = Array.from({ length: 100 }, (_, index) => index);

  it('is the same for the same seed, in the original order, without repeats', () => {
    const sample = sampleInOrder(items, 10, 7);
    expect(sampleInOrder(items, 10, 7)).toEqual(sample);
    expect(new Set(sample).size).toBe(10);
    expect([...sample].sort((a, b) => a - b)).toEqual(sample);
    expect(sampleInOrder(items, 10, 8)).not.toEqual(sample);
  });

  it('is everything when the count covers the list', () => {
    expect(sampleInOrder(items, 100, 1)).toEqual(items);
    expect(sampleInOrder(items, 500, 1)).toEqual(items);
  });
});

describe('scoring a run', () => {
  const citation = (documentId: string) => ({ documentId, documentName: `${documentId}.md` });

  it('tells retrieval, citation, answer text and abstention apart', () => {
    const score = scoreAnswer({
      message: { content: 'Normandy is in France [2].', citations: [citation('other')], grounded: true },
      sourceIds: ['gold', 'other'],
      goldDocumentId: 'gold',
      goldAnswers: ['France'],
    });
    expect(score).toEqual({ goldRetrieved: true, goldCited: false, cited: true, answerFound: true, abstained: false });
  });

  it('sums the outcomes of answered questions and counts failed ones apart', () => {
    const good = { goldRetrieved: true, goldCited: true, cited: true, answerFound: true, abstained: false };
    const abstained = { goldRetrieved: false, goldCited: false, cited: false, answerFound: false, abstained: true };
    expect(summarizeOutcomes([{ score: good }, { score: abstained }, { error: '500 boom' }])).toEqual({
      asked: 3,
      answered: 2,
      failed: 1,
      goldRetrieved: 1,
      goldCited: 1,
      cited: 1,
      answerFound: 1,
      abstained: 1,
    });
    expect(describeShare(1, 3)).toBe('1/3 (33.3%)');
    expect(describeShare(0, 0)).toBe('-');
  });
});

describe('reading a server-sent event stream', () => {
  it('parses complete events and keeps the unfinished rest for the next chunk', () => {
    const { events, rest } = takeEvents(
      'event: delta\ndata: {"text":"Par"}\n\n: ping\n\nevent: done\r\ndata: {"message"',
    );
    expect(events).toEqual([{ type: 'delta', data: { text: 'Par' } }]);
    expect(takeEvents(`${rest}:{"content":"Paris"}}\n\n`).events).toEqual([
      { type: 'done', data: { message: { content: 'Paris' } } },
    ]);
  });
});
