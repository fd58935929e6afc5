import { describe, expect, it } from '@jest/globals';
import { readPageAction } from './page-actions';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the Intelligence page's actions", () => {
  it('reads each intent with its fields', () => {
    expect(readPageAction(form({ intent: 'clear-history' }), 120)).toEqual({ intent: 'clear-history' });
    expect(readPageAction(form({ intent: 'rename-session', sessionId: 's1', title: ' Office hours ' }), 120)).toEqual({
      intent: 'rename-session',
      sessionId: 's1',
      title: 'Office hours',
    });
    expect(readPageAction(form({ intent: 'delete-session', sessionId: 's1' }), 120)).toEqual({
      intent: 'delete-session',
      sessionId: 's1',
    });
  });

  it('refuses unknown intents, missing sessions and empty or long titles', () => {
    expect(readPageAction(form({ intent: 'drop-everything' }), 120)).toBeNull();
    expect(readPageAction(form({ intent: 'delete-session' }), 120)).toBeNull();
    expect(readPageAction(form({ intent: 'rename-session', sessionId: 's1', title: '   ' }), 120)).toBeNull();
    expect(readPageAction(form({ intent: 'rename-session', sessionId: 's1', title: 'x'.repeat(121) }), 120)).toBeNull();
  });
});
