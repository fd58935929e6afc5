import { describe, expect, it } from '@jest/globals';
import { deviceLabel } from './device-label.js';

describe('device labels', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    ['node', 'node'],
  ])('names %s as %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('has no label without an agent, and keeps at most 100 characters of an unknown one', () => {
    expect(deviceLabel(undefined)).toBeNull();
    expect(deviceLabel('   ')).toBeNull();
    expect(deviceLabel('x'.repeat(500))).toHaveLength(100);
  });
});
