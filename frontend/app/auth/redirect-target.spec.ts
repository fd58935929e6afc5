import { describe, expect, it } from '@jest/globals';
import { authPageHref, redirectTargetOf, safeRedirect } from './redirect-target';

describe('the redirect target of /login and /register', () => {
  it.each([
    ['/documents', '/documents'],
    ['/intelligence?q=contracts#top', '/intelligence?q=contracts#top'],
    ['/', '/'],
  ])('honours the same-site path %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['documents'],
    ['//evil.com'],
    ['//evil.com/path'],
    ['/\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['https://evil.com'],
    ['http://localhost:3000/documents'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/register?redirect=/login'],
  ])('refuses %j and falls back to /', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('reads the query parameter, defaulting to /', () => {
    expect(redirectTargetOf('?redirect=%2Fmodels')).toBe('/models');
    expect(redirectTargetOf('?redirect=%2F%2Fevil.com')).toBe('/');
    expect(redirectTargetOf('')).toBe('/');
  });

  it('carries the target between the sign-in pages, and leaves the default out', () => {
    expect(authPageHref('/register', '/models?tab=1')).toBe('/register?redirect=%2Fmodels%3Ftab%3D1');
    expect(authPageHref('/login', '/')).toBe('/login');
  });
});
