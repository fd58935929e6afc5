import { describe, expect, it } from '@jest/globals';
import type { StatusResponse } from '../components/shell/system-status';
import { englishT } from '../i18n/english.spec-support';
import { healthRows, systemOperational } from './system-health';

const t = englishT('dashboard');

describe('system health', () => {
  it("lists API Gateway, Database, AI Models and Security with each component's state", () => {
    const status: StatusResponse = {
      components: {
        database: { status: 'ready' },
        'model-router': { status: 'degraded' },
        'event-store': { status: 'unavailable' },
        embeddings: { status: 'ready' },
      },
    };
    expect(healthRows(status, t)).toEqual([
      { name: 'API Gateway', state: 'Operational', tone: 'success' },
      { name: 'Database', state: 'Operational', tone: 'success' },
      { name: 'AI Models', state: 'Degraded', tone: 'warning' },
      { name: 'Security', state: 'Unavailable', tone: 'danger' },
    ]);
    expect(systemOperational(status)).toBe(false);
  });

  it('is operational only when every component is ready or off by configuration', () => {
    expect(systemOperational({ components: { database: { status: 'ready' } } })).toBe(true);
    const keywordOnly: StatusResponse['components'] = {
      database: { status: 'ready' },
      embeddings: { status: 'unavailable', disabledByConfiguration: true },
    };
    expect(systemOperational({ components: keywordOnly })).toBe(true);
    expect(systemOperational({ components: { ...keywordOnly, database: { status: 'degraded' } } })).toBe(false);
    expect(systemOperational(null)).toBe(false);
    expect(healthRows(null, t).map((row) => row.state)).toEqual([
      'Unreachable',
      'Unreachable',
      'Unreachable',
      'Unreachable',
    ]);
  });
});
