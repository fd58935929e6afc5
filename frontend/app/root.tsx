import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { AuthenticityTokenProvider } from 'remix-utils/csrf/react';
import { AuthAnnouncements, AuthProvider } from './auth/auth-context';
import { ErrorScreen } from './components/errors/error-screen';
import { RenderErrorBoundary } from './components/errors/render-error-boundary';
import { ConnectionProvider } from './connection/connection-context';
import { ApiError, signedInApi } from './lib/api-client.server';
import { nonceScript, useCspNonce } from './lib/csp-nonce';
import { commitCsrfToken } from './lib/csrf.server';
import { commitWebSession } from './lib/session.server';
import type { UserView } from './lib/user';
import { AccountNotificationsProvider } from './notifications/account-notifications-provider';
import { NotificationSocketBridge } from './notifications/notification-socket-bridge';
import { GlobalStyle } from './styles/global-style';
import { themeFromRequest, ThemePreferenceProvider } from './styles/theme-preference';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: MetaFunction = () => [
  { title: 'Docent' },
  { name: 'description', content: 'AI document intelligence' },
];

/** Restores the signed-in user from the cookie session on every full page load. */
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
  const headers = new Headers(
    (await api.cookieHeaders()) ??
      (signedOut ? { 'Set-Cookie': await commitWebSession(context, api.session) } : undefined),
  );
  if (csrfCookie) headers.append('Set-Cookie', csrfCookie);
  return data({ user, csrfToken, theme: themeFromRequest(request) }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useCspNonce();
  return (
    <html lang="en">
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
  const { user, csrfToken, theme } = useLoaderData<typeof loader>();
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
