import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { CspNonceContext } from './lib/csp-nonce';
import { relativeToProject } from './lib/project-paths.server';

/** How long a page may take to render before it is cut off. */
export const streamTimeout = 10_000;

/**
 * Logs what a loader, action or render threw, as Remix does by default. In development
 * Remix also sends the error's stack to the browser, where the error page's data carries
 * it: its paths are made relative to the project first, so that no page tells where the
 * project lives on this machine.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.stack) error.stack = relativeToProject(error.stack, context.projectRoot);
  console.error(error);
};

/** styled-components' style tags, allowed by the page's content security policy. */
const withNonce = (styleTags: string, nonce: string) => styleTags.replaceAll('<style ', `<style nonce="${nonce}" `);

/**
 * Renders the whole document before answering, so that styled-components can put
 * every style the page used in the head: no flash of unstyled content. It still
 * renders through the streaming API, which carries the loader data to the browser.
 * Every inline script and style carries the response's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const sheet = new ServerStyleSheet();
  return new Promise<Response>((resolve, reject) => {
    let renderFailed = false;
    const { pipe, abort } = renderToPipeableStream(
      sheet.collectStyles(
        <CspNonceContext.Provider value={nonce}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </CspNonceContext.Provider>,
      ),
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => {
            const markup = Buffer.concat(chunks).toString('utf8');
            const html = markup.replace('</head>', `${withNonce(sheet.getStyleTags(), nonce)}</head>`);
            sheet.seal();
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            resolve(new Response(html, { status: renderFailed ? 500 : responseStatusCode, headers: responseHeaders }));
          });
          pipe(sink);
        },
        onShellError(error) {
          sheet.seal();
          reject(error);
        },
        onError(error) {
          renderFailed = true;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
