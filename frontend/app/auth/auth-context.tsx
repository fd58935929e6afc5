import { useLocation, useNavigate } from '@remix-run/react';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { waitFor, type ActorRefFrom } from 'xstate';
import type { UserView } from '~/lib/user';
import {
  authMachine,
  selectError,
  selectStatus,
  selectUser,
  type AuthSnapshot,
  type AuthStatus,
} from '~/machines/auth.machine';
import { useNotify } from '~/notifications/notifications-context';
import type { LoginCredentials, Registration } from './auth-client';
import { authPageHref, safeRedirect } from './redirect-target';

export type { AuthStatus } from '~/machines/auth.machine';
export type LoginInput = LoginCredentials;
export type RegisterInput = Registration;

/** How a sign-in attempt ended, once the machine has settled. */
export type AuthOutcome = { ok: true; user: UserView } | { ok: false; error: string };

export interface Auth {
  user: UserView | null;
  status: AuthStatus;
  /** The last failure: a sign-in error (status 'error'), or 'Token refresh failed' after the forced logout. */
  error: string | null;
  /** The promises resolve once the machine has settled; the state (status, error) changes either way. */
  login: (input: LoginInput) => Promise<AuthOutcome>;
  register: (input: RegisterInput) => Promise<AuthOutcome>;
  demoLogin: () => Promise<AuthOutcome>;
  /** Ends the session (a failed server call is ignored), toasts and goes to /login. Resolves when signed out. */
  logout: () => Promise<void>;
  /** Asks the server whether the cookie session holds a user; the protected layout uses it. */
  restore: () => Promise<AuthOutcome>;
  /** After a successful PUT /api/auth/profile: the new user replaces the old one. */
  profileUpdated: (user: UserView) => void;
  clearError: () => void;
}

type AuthActorRef = ActorRefFrom<typeof authMachine>;

const AuthContext = createContext<AuthActorRef | null>(null);

export interface AuthProviderProps {
  /** The user the root loader restored from the cookie session. */
  initialUser: UserView | null;
  children: ReactNode;
}

/**
 * Runs the auth machine for the whole page. Later changes of initialUser (the root
 * loader revalidated) keep the machine in step with the server's session. Every way
 * of being signed out ends on /login. The machine's calls carry the page's CSRF token
 * (AuthenticityTokenProvider, in the root).
 */
export function AuthProvider({ initialUser, children }: AuthProviderProps) {
  const csrfToken = useAuthenticityToken();
  const actorRef = useActorRef(authMachine, { input: { user: initialUser, csrfToken } });

  const loaderUser = useRef(initialUser);
  useEffect(() => {
    if (loaderUser.current === initialUser) return;
    loaderUser.current = initialUser;
    actorRef.send(initialUser ? { type: 'SESSION_RESTORED', user: initialUser } : { type: 'SESSION_ENDED' });
  }, [actorRef, initialUser]);

  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('/');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  }, [location]);
  useEffect(() => {
    const subscription = actorRef.on('SIGNED_OUT', ({ reason }) => {
      // Asked for: a plain sign-in page. Ended by the server: come back here afterwards.
      navigate(reason === 'logout' ? '/login' : authPageHref('/login', safeRedirect(here.current)));
    });
    return () => subscription.unsubscribe();
  }, [actorRef, navigate]);

  return <AuthContext.Provider value={actorRef}>{children}</AuthContext.Provider>;
}

function useAuthActor(): AuthActorRef {
  const actorRef = useContext(AuthContext);
  if (!actorRef) throw new Error('useAuth needs an AuthProvider');
  return actorRef;
}

/** The machine itself, for a component that needs a selector of its own. */
export function useAuthSelector<T>(selector: (snapshot: AuthSnapshot) => T): T {
  return useSelector(useAuthActor(), selector);
}

const isBusy = (snapshot: AuthSnapshot) => snapshot.matches('loading') || snapshot.matches('restoring');

async function settled(actorRef: AuthActorRef): Promise<AuthOutcome> {
  try {
    const snapshot = await waitFor(actorRef, (current) => !isBusy(current));
    const { user, error } = snapshot.context;
    return snapshot.matches('authenticated') && user
      ? { ok: true, user }
      : { ok: false, error: error ?? 'Not signed in' };
  } catch {
    return { ok: false, error: 'Not signed in' };
  }
}

export function useAuth(): Auth {
  const actorRef = useAuthActor();
  const user = useSelector(actorRef, selectUser);
  const status = useSelector(actorRef, selectStatus);
  const error = useSelector(actorRef, selectError);
  const commands = useMemo(
    () => ({
      login: (input: LoginInput) => {
        actorRef.send({ type: 'LOGIN', email: input.email, password: input.password, rememberMe: input.rememberMe });
        return settled(actorRef);
      },
      register: (input: RegisterInput) => {
        const { name, email, password, confirmPassword } = input;
        actorRef.send({ type: 'REGISTER', name, email, password, confirmPassword });
        return settled(actorRef);
      },
      demoLogin: () => {
        actorRef.send({ type: 'DEMO_LOGIN' });
        return settled(actorRef);
      },
      logout: async () => {
        actorRef.send({ type: 'LOGOUT' });
        await waitFor(actorRef, (current) => !current.matches('loggingOut')).catch(() => undefined);
      },
      restore: () => {
        actorRef.send({ type: 'RESTORE' });
        return settled(actorRef);
      },
      profileUpdated: (next: UserView) => actorRef.send({ type: 'PROFILE_UPDATED', user: next }),
      clearError: () => actorRef.send({ type: 'CLEAR_ERROR' }),
    }),
    [actorRef],
  );
  return useMemo(() => ({ user, status, error, ...commands }), [user, status, error, commands]);
}

/**
 * The auth toasts. Render it once inside both AuthProvider and NotificationsProvider
 * (the root renders NotificationsProvider inside AuthProvider, so AuthProvider cannot
 * call useNotify itself).
 */
export function AuthAnnouncements() {
  const actorRef = useAuthActor();
  const notify = useNotify();
  const { t } = useTranslation();
  const notifyRef = useRef(notify);
  const tRef = useRef(t);
  useEffect(() => {
    notifyRef.current = notify;
    tRef.current = t;
  }, [notify, t]);
  useEffect(() => {
    const signedIn = actorRef.on('SIGNED_IN', ({ user, method }) => {
      notifyRef.current({
        type: 'success',
        title: tRef.current(method === 'register' ? 'auth.welcomeNew' : 'auth.welcomeBack', { name: user.name }),
        metadata: { category: 'auth' },
      });
    });
    const signedOut = actorRef.on('SIGNED_OUT', ({ reason }) => {
      if (reason === 'logout')
        notifyRef.current({ type: 'success', title: tRef.current('auth.loggedOut'), metadata: { category: 'auth' } });
      if (reason === 'refreshFailed') {
        notifyRef.current({
          type: 'security',
          title: tRef.current('auth.refreshFailed'),
          message: tRef.current('auth.signInAgain'),
          metadata: { category: 'auth' },
        });
      }
    });
    return () => {
      signedIn.unsubscribe();
      signedOut.unsubscribe();
    };
  }, [actorRef]);
  return null;
}
