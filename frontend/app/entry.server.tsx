import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { createInstance } from 'i18next';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { ServerStyleSheet } from 'styled-components';
import { chooseLanguage, i18nServer } from './i18n/language.server';
import { isSupportedLanguage } from './i18n/languages';
import { initI18next } from './i18n/resources';
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
 * The language the root loader chose (the user's preference or the browser's); when the
 * root loader did not answer, the browser's. The browser's instance reads it back from <html lang>.
 */
async function pageLanguage(request: Request, remixContext: EntryContext) {
  const rootData: unknown = remixContext.staticHandlerContext.loaderData.root;
  const chosen = rootData && typeof rootData === 'object' && 'locale' in rootData ? rootData.locale : null;
  return isSupportedLanguage(chosen) ? chosen : chooseLanguage(request, null);
}

/**
 * Renders the whole document before answering, so that styled-components can put
 * every style the page used in the head: no flash of unstyled content. It still
 * renders through the streaming API, which carries the loader data to the browser.
 * Every inline script and style carries the response's CSP nonce. Each request has its own
 * i18next instance, in the page's language.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const sheet = new ServerStyleSheet();
  const i18n = createInstance();
  await initI18next(i18n, await pageLanguage(request, remixContext), i18nServer.getRouteNamespaces(remixContext));
  return new Promise<Response>((resolve, reject) => {
    let renderFailed = false;
    const { pipe, abort } = renderToPipeableStream(
      sheet.collectStyles(
        <I18nextProvider i18n={i18n}>
          <CspNonceContext.Provider value={nonce}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </CspNonceContext.Provider>
        </I18nextProvider>,
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
