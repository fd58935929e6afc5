import { describe, expect, it } from '@jest/globals';
import { sidebarCollapsedFromCookie } from './sidebar-preference';
import { summarizeSystemStatus } from './system-status';

describe('sidebar status line', () => {
  it('says it is checking before the first answer', () => {
    expect(summarizeSystemStatus(undefined)).toMatchObject({ text: 'Checking systems...', tone: 'neutral' });
  });

  it("says 'All Systems Online' when every component is ready", () => {
    const summary = summarizeSystemStatus({
      platform: 'Docent',
      components: { database: { status: 'ready' }, projections: { status: 'ready' } },
    });
    expect(summary).toEqual({ text: 'All Systems Online', tone: 'success', details: [] });
  });

  it('names the components that are not ready', () => {
    const summary = summarizeSystemStatus({
      components: {
        database: { status: 'ready' },
        embeddings: { status: 'degraded', message: 'No model: keyword search only' },
        projections: { status: 'degraded' },
      },
    });
    expect(summary.text).toBe('Degraded: embeddings, projections');
    expect(summary.tone).toBe('warning');
    expect(summary.details).toEqual(['embeddings: degraded (No model: keyword search only)', 'projections: degraded']);
  });

  it('turns red when a component is unavailable', () => {
    const summary = summarizeSystemStatus({ components: { database: { status: 'unavailable' } } });
    expect(summary).toMatchObject({ text: 'Degraded: database', tone: 'danger' });
  });

  it("says 'Offline' when /status cannot be reached or answers something else", () => {
    expect(summarizeSystemStatus(null)).toMatchObject({ text: 'Offline', tone: 'danger' });
    expect(summarizeSystemStatus({ platform: 'Docent' })).toMatchObject({ text: 'Offline', tone: 'danger' });
  });
});

describe('sidebar preference cookie', () => {
  it('reads collapsed only when the cookie says so', () => {
    expect(sidebarCollapsedFromCookie('a=1; docent_sidebar=collapsed; b=2')).toBe(true);
    expect(sidebarCollapsedFromCookie('docent_sidebar=collapsed')).toBe(true);
    expect(sidebarCollapsedFromCookie('docent_sidebar=expanded')).toBe(false);
    expect(sidebarCollapsedFromCookie('x_docent_sidebar=collapsed')).toBe(false);
    expect(sidebarCollapsedFromCookie(null)).toBe(false);
  });
});
