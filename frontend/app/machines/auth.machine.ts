import { REGISTRATION_MESSAGES } from '@docent/common/validation';
import { assertEvent, assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import {
  authRequests,
  browserFetch,
  type AuthClient,
  type AuthFetch,
  type LoginCredentials,
  type Registration,
} from '../auth/auth-client';
import type { UserView } from '../lib/user';

/** The spec's access token refresh period. */
export const TOKEN_REFRESH_INTERVAL_MS = 20 * 60 * 1000;

export const AUTH_MESSAGES = Object.freeze({
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  demoLoginFailed: 'Demo login failed. Please try manual login.',
  refreshFailed: 'Token refresh failed',
  passwordsDoNotMatch: REGISTRATION_MESSAGES.passwordsDoNotMatch,
});

export type SignInMethod = 'login' | 'register' | 'demo';
/** Why the user is no longer signed in: they asked, the refresh failed, or the server ended the session. */
export type SignOutReason = 'logout' | 'refreshFailed' | 'sessionEnded';

export interface AuthMachineInput {
  /** The user the server restored from the cookie session, if any. */
  user: UserView | null;
  csrfToken: string;
  /** Replaces the browser's fetch (tests). */
  fetch?: AuthFetch;
  /** Replaces the 20-minute refresh period (tests). */
  refreshIntervalMs?: number;
}

interface AuthContext {
  user: UserView | null;
  error: string | null;
  client: AuthClient;
  refreshIntervalMs: number;
  signOutReason: SignOutReason;
}

export type AuthEvent =
  | ({ type: 'LOGIN' } & LoginCredentials)
  | ({ type: 'REGISTER' } & Registration)
  | { type: 'DEMO_LOGIN' }
  | { type: 'LOGOUT' }
  | { type: 'REFRESH' }
  /** Ask the server whether the cookie session holds a user (the page found the machine signed out). */
  | { type: 'RESTORE' }
  | { type: 'PROFILE_UPDATED'; user: UserView }
  /** The page's loaders saw the session's user (again); keeps the machine in step with the server. */
  | { type: 'SESSION_RESTORED'; user: UserView }
  /** The page's loaders found the session gone. */
  | { type: 'SESSION_ENDED' }
  | { type: 'CLEAR_ERROR' };

/** Announcements for the page (toasts, navigation); listen with actorRef.on(type, …). */
export type AuthEmitted =
  { type: 'SIGNED_IN'; user: UserView; method: SignInMethod } | { type: 'SIGNED_OUT'; reason: SignOutReason };

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    input: {} as AuthMachineInput,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    logIn: fromPromise<UserView, { client: AuthClient; credentials: LoginCredentials }>(({ input }) =>
      authRequests.logIn(input.client, input.credentials),
    ),
    register: fromPromise<UserView, { client: AuthClient; registration: Registration }>(({ input }) =>
      authRequests.register(input.client, input.registration),
    ),
    demoLogIn: fromPromise<UserView, { client: AuthClient }>(({ input }) => authRequests.demoLogIn(input.client)),
    refreshToken: fromPromise<void, { client: AuthClient }>(({ input }) => authRequests.refresh(input.client)),
    logOut: fromPromise<void, { client: AuthClient }>(({ input }) => authRequests.logOut(input.client)),
    restoreSession: fromPromise<UserView | null, { client: AuthClient }>(({ input }) =>
      authRequests.currentUser(input.client),
    ),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    isPasswordConfirmed: ({ event }) => event.type !== 'REGISTER' || event.password === event.confirmPassword,
    isUserFound: (_, params: { user: UserView | null }) => params.user !== null,
  },
  delays: {
    refreshInterval: ({ context }) => context.refreshIntervalMs,
  },
  actions: {
    setUser: assign((_, params: { user: UserView }) => ({ user: params.user })),
    clearUser: assign({ user: null }),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    setSignOutReason: assign((_, params: { reason: SignOutReason }) => ({ signOutReason: params.reason })),
    announceSignIn: emit((_, params: { user: UserView; method: SignInMethod }) => ({
      type: 'SIGNED_IN' as const,
      user: params.user,
      method: params.method,
    })),
    announceSignOut: emit(({ context }) => ({ type: 'SIGNED_OUT' as const, reason: context.signOutReason })),
  },
}).createMachine({
  id: 'auth',
  initial: 'start',
  context: ({ input }) => ({
    user: input.user,
    error: null,
    client: { fetch: input.fetch ?? browserFetch, csrfToken: input.csrfToken },
    refreshIntervalMs: input.refreshIntervalMs ?? TOKEN_REFRESH_INTERVAL_MS,
    signOutReason: 'logout',
  }),
  states: {
    start: {
      always: [{ guard: 'hasUser', target: 'authenticated' }, { target: 'idle' }],
    },
    idle: {
      on: {
        LOGIN: 'loading.login',
        REGISTER: [
          {
            guard: not('isPasswordConfirmed'),
            target: 'error',
            actions: { type: 'setError', params: { message: AUTH_MESSAGES.passwordsDoNotMatch } },
          },
          { target: 'loading.register' },
        ],
        DEMO_LOGIN: 'loading.demo',
        RESTORE: 'restoring',
        SESSION_RESTORED: {
          target: 'authenticated',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
    },
    error: {
      on: {
        LOGIN: 'loading.login',
        REGISTER: [
          {
            guard: not('isPasswordConfirmed'),
            target: 'error',
            reenter: true,
            actions: { type: 'setError', params: { message: AUTH_MESSAGES.passwordsDoNotMatch } },
          },
          { target: 'loading.register' },
        ],
        DEMO_LOGIN: 'loading.demo',
        RESTORE: 'restoring',
        SESSION_RESTORED: {
          target: 'authenticated',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
        },
        CLEAR_ERROR: { target: 'idle', actions: 'clearError' },
      },
    },
    /** One child per way of signing in; every transition names the one it starts. */
    loading: {
      initial: 'login',
      entry: 'clearError',
      states: {
        login: {
          invoke: {
            src: 'logIn',
            input: ({ context, event }) => {
              assertEvent(event, 'LOGIN');
              return {
                client: context.client,
                credentials: { email: event.email, password: event.password, rememberMe: event.rememberMe },
              };
            },
            onDone: {
              target: '#auth.authenticated',
              actions: [
                { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'announceSignIn', params: ({ event }) => ({ user: event.output, method: 'login' as const }) },
              ],
            },
            onError: {
              target: '#auth.error',
              actions: {
                type: 'setError',
                params: ({ event }) => ({ message: messageOf(event.error, AUTH_MESSAGES.loginFailed) }),
              },
            },
          },
        },
        register: {
          invoke: {
            src: 'register',
            input: ({ context, event }) => {
              assertEvent(event, 'REGISTER');
              const { name, email, password, confirmPassword } = event;
              return { client: context.client, registration: { name, email, password, confirmPassword } };
            },
            onDone: {
              target: '#auth.authenticated',
              actions: [
                { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                {
                  type: 'announceSignIn',
                  params: ({ event }) => ({ user: event.output, method: 'register' as const }),
                },
              ],
            },
            onError: {
              target: '#auth.error',
              actions: {
                type: 'setError',
                params: ({ event }) => ({ message: messageOf(event.error, AUTH_MESSAGES.registrationFailed) }),
              },
            },
          },
        },
        demo: {
          invoke: {
            src: 'demoLogIn',
            input: ({ context }) => ({ client: context.client }),
            onDone: {
              target: '#auth.authenticated',
              actions: [
                { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'announceSignIn', params: ({ event }) => ({ user: event.output, method: 'demo' as const }) },
              ],
            },
            // The server's reason is not shown: the demo account is a convenience, manual login is the way on.
            onError: {
              target: '#auth.error',
              actions: { type: 'setError', params: { message: AUTH_MESSAGES.demoLoginFailed } },
            },
          },
        },
      },
    },
    restoring: {
      invoke: {
        src: 'restoreSession',
        input: ({ context }) => ({ client: context.client }),
        onDone: [
          {
            guard: { type: 'isUserFound', params: ({ event }) => ({ user: event.output }) },
            target: 'authenticated',
            actions: { type: 'setUser', params: ({ event }) => ({ user: event.output as UserView }) },
          },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    authenticated: {
      initial: 'active',
      entry: 'clearError',
      on: {
        LOGOUT: { target: 'loggingOut', actions: { type: 'setSignOutReason', params: { reason: 'logout' } } },
        PROFILE_UPDATED: { actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) } },
        SESSION_RESTORED: { actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) } },
        SESSION_ENDED: {
          target: 'idle',
          actions: ['clearUser', { type: 'setSignOutReason', params: { reason: 'sessionEnded' } }, 'announceSignOut'],
        },
      },
      states: {
        active: {
          after: { refreshInterval: 'refreshing' },
          on: { REFRESH: 'refreshing' },
        },
        refreshing: {
          invoke: {
            src: 'refreshToken',
            input: ({ context }) => ({ client: context.client }),
            // Back to active restarts the 20-minute timer.
            onDone: 'active',
            onError: {
              target: '#auth.loggingOut',
              actions: [
                { type: 'setError', params: { message: AUTH_MESSAGES.refreshFailed } },
                { type: 'setSignOutReason', params: { reason: 'refreshFailed' } },
              ],
            },
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logOut',
        input: ({ context }) => ({ client: context.client }),
        // The spec ignores a failed logout call: the page forgets the user either way.
        onDone: { target: 'idle', actions: ['clearUser', 'announceSignOut'] },
        onError: { target: 'idle', actions: ['clearUser', 'announceSignOut'] },
      },
    },
  },
});

export type AuthActorLogic = typeof authMachine;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export type AuthStatus = 'idle' | 'loading' | 'authenticated' | 'error' | 'loggingOut';

export const selectUser = (snapshot: AuthSnapshot): UserView | null => snapshot.context.user;
export const selectError = (snapshot: AuthSnapshot): string | null => snapshot.context.error;

/** The five states the page cares about; signing in and restoring a session both read as 'loading'. */
export function selectStatus(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.matches('loading') || snapshot.matches('restoring')) return 'loading';
  if (snapshot.matches('authenticated')) return 'authenticated';
  if (snapshot.matches('error')) return 'error';
  if (snapshot.matches('loggingOut')) return 'loggingOut';
  return 'idle';
}
