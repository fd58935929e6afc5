import { describe, expect, it } from '@jest/globals';
import { largestRemainderPercentages, providerDisplayName } from './provider-names.js';

describe('provider shares', () => {
  it.each([
    [
      [1, 1, 1],
      [34, 33, 33],
    ],
    [
      [2, 1],
      [67, 33],
    ],
    [
      [5, 0],
      [100, 0],
    ],
    [
      [1, 1, 1, 1, 1, 1, 1],
      [15, 15, 14, 14, 14, 14, 14],
    ],
    [
      [0, 0],
      [0, 0],
    ],
  ])('rounds %j to whole percents adding up to 100: %j', (counts, percents) => {
    expect(largestRemainderPercentages(counts)).toEqual(percents);
  });

  it('names the well-known providers, then an added one by its name, then by its plugin', () => {
    const added = new Map([['acme', 'Acme AI']]);
    const plugin = (id: string) => (id === 'local' ? 'Local (offline extractive answers)' : undefined);
    expect(
      ['openai', 'anthropic', 'google', 'acme', 'local', 'gone'].map((id) => providerDisplayName(id, added, plugin)),
    ).toEqual(['OpenAI', 'Anthropic', 'Google', 'Acme AI', 'Local (offline extractive answers)', 'gone']);
  });
});
