import type { PreferencesResponse } from '@docent/common/preferences';
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from 'remix-i18next/react';
import { AuthenticityTokenProvider } from 'remix-utils/csrf/react';
import { AuthAnnouncements, AuthProvider } from './auth/auth-context';
import { ErrorScreen } from './components/errors/error-screen';
import { RenderErrorBoundary } from './components/errors/render-error-boundary';
import { ConnectionProvider } from './connection/connection-context';
import { chooseLanguage } from './i18n/language.server';
import { ApiError, signedInApi, type SignedInApi } from './lib/api-client.server';
import { nonceScript, useCspNonce } from './lib/csp-nonce';
import { commitCsrfToken } from './lib/csrf.server';
import { commitWebSession } from './lib/session.server';
import type { UserView } from './lib/user';
import { AccountNotificationsProvider } from './notifications/account-notifications-provider';
import { NotificationSocketBridge } from './notifications/notification-socket-bridge';
import { GlobalStyle } from './styles/global-style';
import { themeFromRequest, ThemePreferenceProvider } from './styles/theme-preference';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/** The shell and the error screens, on every page. */
export const handle = { i18n: ['common', 'errors'] };

export const meta: MetaFunction = () => [
  { title: 'Docent' },
  { name: 'description', content: 'AI document intelligence' },
];

/** The signed-in user's saved language; a failure to read it falls back to the browser's. */
async function savedLanguage(api: SignedInApi): Promise<string | null> {
  try {
    return (await api.call<PreferencesResponse>('/api/user/preferences')).preferences.language;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/**
 * Restores the signed-in user from the cookie session on every full page load, and
 * chooses the page's language: theirs, else the browser's.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  const [csrfToken, csrfCookie] = await commitCsrfToken(request, context);
  let user: UserView | null = null;
  let signedOut = false;
  if (api.session.get('accessToken')) {
    try {
      user = (await api.call<{ user: UserView }>('/api/auth/profile')).user;
    } catch (error) {
      // A session the server no longer honours ends here; anything else is an outage, not a sign-out.
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      for (const key of ['accessToken', 'refreshToken', 'sessionId'] as const) api.session.unset(key);
      signedOut = true;
    }
  }
  const locale = await chooseLanguage(request, user ? await savedLanguage(api) : null);
  const headers = new Headers(
    (await api.cookieHeaders()) ??
      (signedOut ? { 'Set-Cookie': await commitWebSession(context, api.session) } : undefined),
  );
  if (csrfCookie) headers.append('Set-Cookie', csrfCookie);
  return data({ user, csrfToken, theme: themeFromRequest(request), locale }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useCspNonce();
  const { i18n } = useTranslation();
  return (
    <html lang={i18n.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: nonceScript(nonce) }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, csrfToken, theme, locale } = useLoaderData<typeof loader>();
  // A language saved in Settings reaches the page through the revalidated root loader.
  useChangeLanguage(locale);
  return (
    <ThemePreferenceProvider initialTheme={theme}>
      <GlobalStyle />
      <AuthenticityTokenProvider token={csrfToken}>
        <AuthProvider initialUser={user}>
          <AccountNotificationsProvider>
            <AuthAnnouncements />
            <ConnectionProvider>
              <NotificationSocketBridge />
              <RenderErrorBoundary>
                <Outlet />
              </RenderErrorBoundary>
            </ConnectionProvider>
          </AccountNotificationsProvider>
        </AuthProvider>
      </AuthenticityTokenProvider>
    </ThemePreferenceProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <ThemePreferenceProvider initialTheme="light">
      <GlobalStyle />
      <ErrorScreen error={error} />
    </ThemePreferenceProvider>
  );
}
