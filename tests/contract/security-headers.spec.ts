import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';

describe('security headers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it.each(['/health', '/api/auth/demo', '/api/documents'])(
    'answers %s with nosniff, no framing and a same-origin referrer policy',
    async (path) => {
      const { headers } = await t.http().get(path);

      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
      });
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it("serves the OpenAPI page under a policy that lets Swagger UI's inline styles in, and no inline script", async () => {
    const page = await t.http().get('/api/docs').redirects(1).expect(200);

    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = page.headers['content-security-policy'] ?? '';
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    await t.http().get('/api/docs/openapi.json').expect(200);
  });
});
