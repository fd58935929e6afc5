import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAuth } from '~/auth/auth-context';
import { authPageHref, safeRedirect } from '~/auth/redirect-target';
import { AppShell } from '~/components/shell/app-shell';
import { sidebarCollapsedFromRequest } from '~/components/shell/sidebar-preference';
import { Spinner } from '~/components/ui/spinner';
import { getWebSession } from '~/lib/session.server';

/** The protected pages: without a session, the sign-in page, which brings the visitor back here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getWebSession(request, context);
  if (!session.get('accessToken')) {
    const { pathname, search } = new URL(request.url);
    throw redirect(authPageHref('/login', safeRedirect(`${pathname}${search}`)));
  }
  // Rendered at its remembered width from the start: nothing jumps after hydration.
  return { sidebarCollapsed: sidebarCollapsedFromRequest(request) };
}

const StyledPending = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.color.background};
`;

/**
 * The shell around every protected page, once the auth machine has the user. When it
 * has none although the server let the request through (the root loader found the
 * session expired), it asks the server once and goes to sign-in if there is nobody.
 * After a logout it waits: the auth provider is already on its way to /login.
 */
export default function ProtectedLayout() {
  const { sidebarCollapsed } = useLoaderData<typeof loader>();
  const { user, status, restore } = useAuth();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const wasSignedIn = useRef(user !== null);
  const restoreStarted = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (user) wasSignedIn.current = true;
  }, [user]);

  useEffect(() => {
    if (user || wasSignedIn.current || restoreStarted.current || status === 'loading' || status === 'loggingOut')
      return;
    restoreStarted.current = true;
    const here = safeRedirect(`${location.pathname}${location.search}`);
    void restore().then((outcome) => {
      if (!outcome.ok && mounted.current) navigate(authPageHref('/login', here), { replace: true });
    });
  }, [user, status, restore, navigate, location]);

  if (!user) {
    return (
      <StyledPending>
        <Spinner label={t('nav.loadingSession')} size="lg" />
      </StyledPending>
    );
  }
  return (
    <AppShell sidebarCollapsed={sidebarCollapsed}>
      <Outlet />
    </AppShell>
  );
}
