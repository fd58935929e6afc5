import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** The OpenAPI page: Swagger UI's own page, with inline styles of its own. */
const API_DOCS_PATH = /^\/api\/docs(\/|$)/;

/** The nonce that lets this response's own inline scripts and styles run, and nothing injected into it. */
export function cspNonceOf(response: Response): string {
  return (response.locals as { cspNonce: string }).cspNonce;
}

const nonceSource = (_request: IncomingMessage, response: ServerResponse) =>
  `'nonce-${cspNonceOf(response as Response)}'`;

/** What every policy shares: nothing from elsewhere, no plugins, no framing by any site. */
const COMMON_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src-attr': ["'none'"],
};

/** Helmet's headers with the rest of the policy: nosniff, no framing, the referrer kept to this site. */
const headersWith = (directives: Record<string, Iterable<string | typeof nonceSource>> | false) =>
  helmet({
    contentSecurityPolicy: directives && { useDefaults: false, directives: { ...COMMON_DIRECTIVES, ...directives } },
    xFrameOptions: { action: 'deny' },
    // Not no-referrer: a same-origin POST would then carry `Origin: null`, and the web app's CSRF check needs it.
    referrerPolicy: { policy: 'same-origin' },
  });

/**
 * Security headers on every answer (pages, API, downloads): a content security policy,
 * X-Content-Type-Options: nosniff, frame-ancestors 'none' and X-Frame-Options: DENY,
 * Referrer-Policy. The web app's inline scripts and styles (Remix's, styled-components')
 * carry the response's nonce; the OpenAPI page keeps Swagger UI's inline styles. Under
 * Vite's development server (`webDev`), whose injected scripts carry no nonce, the
 * policy is left out and the other headers stay.
 */
export function securityHeaders({ webDev }: { webDev: boolean }): RequestHandler {
  const appHeaders = headersWith(
    !webDev && {
      'script-src': ["'self'", nonceSource],
      'style-src': ["'self'", nonceSource],
      // style attributes React renders on the server (a progress bar's width); they cannot run code.
      'style-src-attr': ["'unsafe-inline'"],
    },
  );
  const docsHeaders = headersWith({ 'script-src': ["'self'"], 'style-src': ["'self'", "'unsafe-inline'"] });
  return (request: Request, response: Response, next: NextFunction) => {
    response.locals.cspNonce = randomBytes(16).toString('base64');
    (API_DOCS_PATH.test(request.path) ? docsHeaders : appHeaders)(request, response, next);
  };
}
