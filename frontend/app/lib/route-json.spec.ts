import { afterEach, describe, expect, it } from '@jest/globals';
import { fetchRouteJson } from './route-json';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const answering = (answer: () => Promise<Response>) => {
  globalThis.fetch = () => answer();
};

describe('fetchRouteJson', () => {
  it('gives the answer that says success', async () => {
    answering(async () => Response.json({ success: true, text: 'page one' }));
    await expect(fetchRouteJson('/documents/d1/preview?page=1')).resolves.toEqual({ success: true, text: 'page one' });
  });

  it("fails with the route's error, else 'HTTP {status}: {statusText}'", async () => {
    answering(async () => Response.json({ success: false, error: 'Document not found' }, { status: 404 }));
    await expect(fetchRouteJson('/x')).rejects.toThrow('Document not found');

    answering(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(fetchRouteJson('/x')).rejects.toThrow('HTTP 502: Bad Gateway');
  });

  it("fails with the network's reason, or 'Network error' when it gives none", async () => {
    answering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchRouteJson('/x')).rejects.toThrow('Failed to fetch');

    answering(() => Promise.reject(new TypeError('')));
    await expect(fetchRouteJson('/x')).rejects.toThrow('Network error');
  });
});
