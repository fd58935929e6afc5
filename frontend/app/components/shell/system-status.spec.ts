import { describe, expect, it } from '@jest/globals';
import { sidebarCollapsedFromCookie } from './sidebar-preference';
import { englishT } from '../../i18n/english.spec-support';
import { summarizeSystemStatus as summarize, type StatusResponse } from './system-status';

const t = englishT('common');
const summarizeSystemStatus = (status: StatusResponse | null | undefined) => summarize(status, t);

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

  it('says keyword search only, as information, when no embedding model is configured', () => {
    const summary = summarizeSystemStatus({
      components: {
        database: { status: 'ready' },
        embeddings: { status: 'unavailable', message: 'No embedding model', disabledByConfiguration: true },
        'rag-engine': { status: 'degraded', disabledByConfiguration: true },
      },
    });
    expect(summary).toEqual({
      text: 'Keyword search only: no embedding model',
      tone: 'info',
      details: ['embeddings: off by configuration (No embedding model)', 'rag-engine: off by configuration'],
    });
  });

  it('names a component it does not know that is off by configuration', () => {
    const summary = summarizeSystemStatus({
      components: {
        embeddings: { status: 'unavailable', disabledByConfiguration: true },
        ocr: { status: 'unavailable', disabledByConfiguration: true },
      },
    });
    expect(summary).toMatchObject({
      text: 'Keyword search only: no embedding model; Off by configuration: ocr',
      tone: 'info',
    });
  });

  it('stays red for a failing component and names only the failing ones', () => {
    const summary = summarizeSystemStatus({
      components: {
        database: { status: 'unavailable', message: 'connection refused' },
        embeddings: { status: 'unavailable', disabledByConfiguration: true },
      },
    });
    expect(summary).toEqual({
      text: 'Degraded: database',
      tone: 'danger',
      details: ['database: unavailable (connection refused)', 'embeddings: off by configuration'],
    });
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
