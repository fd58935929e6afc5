import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../testing/test-app.js';

describe('OpenAPI at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('describes the API, with request bodies from the validation schemas', async () => {
    const { body } = await t.http().get('/api/docs/openapi.json').expect(200);
    expect(body.info.title).toBe('Docent API');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/refresh',
        '/api/auth/profile',
        '/api/api-keys',
        '/health',
        '/status',
      ]),
    );
    const login = body.paths['/api/auth/login'].post;
    const schema = login.requestBody.content['application/json'].schema;
    expect(JSON.stringify(schema.$ref ? body.components.schemas : schema)).toContain('rememberMe');
  });

  it('serves the interactive documentation page', async () => {
    const response = await t.http().get('/api/docs').redirects(1).expect(200);
    expect(response.text).toContain('swagger-ui');
  });
});
