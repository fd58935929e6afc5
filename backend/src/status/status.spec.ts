import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../testing/test-app.js';

describe('GET /health and /status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers health with status, platform and version', async () => {
    const response = await t.http().get('/health').expect(200);
    expect(response.body).toEqual({
      status: 'ok',
      platform: 'Docent',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('reports the real state of each component', async () => {
    const response = await t.http().get('/status').expect(200);
    expect(response.body.platform).toBe('Docent');
    expect(response.body.components.database).toMatchObject({ status: 'ready', engine: 'pglite' });
    expect(response.body.components['event-store']).toMatchObject({ status: 'ready', position: expect.any(Number) });
    expect(response.body.components.projections).toMatchObject({
      status: 'ready',
      lag: { activity: expect.any(Number) },
    });
    expect(response.body.components.embeddings).toMatchObject({
      status: 'unavailable',
      message: expect.stringContaining('semantic search is unavailable'),
      disabledByConfiguration: true,
    });
    expect(response.body.components['rag-engine']).toMatchObject({ status: 'degraded', disabledByConfiguration: true });
  });
});
