/** Where /login and /register send the user afterwards when the query names nothing usable. */
export const DEFAULT_REDIRECT = '/';

const AUTH_PAGES = new Set(['/login', '/register']);
/** Resolves a relative target against a host that cannot exist: anything that leaves it was absolute. */
const PARSING_BASE = 'http://docent.invalid';

/**
 * The redirect query parameter, honoured only when it is a path on this site:
 * '//evil.com', '/\evil.com', 'https://evil.com', 'javascript:…' and anything with
 * whitespace or control characters (which browsers strip, turning '/\t/x' into '//x')
 * fall back to the default. The sign-in pages themselves are refused too, so a
 * signed-in visitor cannot be bounced between them.
 */
export function safeRedirect(target: string | null | undefined, fallback: string = DEFAULT_REDIRECT): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PARSING_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== PARSING_BASE || AUTH_PAGES.has(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The target named by a request's or location's ?redirect=. */
export function redirectTargetOf(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeRedirect(params.get('redirect'));
}

/** A link to a sign-in page that carries the target along (nothing when it is the default). */
export function authPageHref(page: '/login' | '/register', target: string): string {
  return target === DEFAULT_REDIRECT ? page : `${page}?${new URLSearchParams({ redirect: target })}`;
}
