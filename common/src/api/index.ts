import type { Role } from '../permissions/index.js';

/** The HTTP API's shapes that both the server and its web client rely on. */

/** The spec's User: what the API shows of an account (never the password hash). */
export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The demo administrator: the access policy withholds from it what a demo must not change. */
  isDemo: boolean;
  avatar: string | null;
  createdAt: string;
  lastLogin: string | null;
}

/** What login, registration and demo login answer. */
export interface AuthResponse {
  success: true;
  user: UserView;
  accessToken: string;
  refreshToken: string;
  /** Sent back by logout to close this session. */
  sessionId: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  /** Shows this device signed in to the account: sent with later sign-ins, other people's wrong guesses do not slow them down. */
  deviceToken: string;
}

export interface RefreshResponse {
  success: true;
  accessToken: string;
  /** The rotated refresh token: the presented one is now spent. */
  refreshToken: string;
  expiresIn: number;
}

/** The spec's API key: the full key appears only in the answer to its creation, masked everywhere else. */
export interface ApiKeyView {
  id: string;
  name: string;
  key: string;
  created: string;
  lastUsed: string | null;
  status: 'active';
}

/** Every failure: a message fit to show. */
export interface ApiFailure {
  success: false;
  error: string;
}

/** A component's state in GET /status. */
export type ComponentState = 'ready' | 'degraded' | 'unavailable';

/** One component in GET /status; components add their own details (counts, model names). */
export interface ComponentStatus {
  status: ComponentState;
  /** What an operator should know when the status is not ready. */
  message?: string;
  /**
   * True when the component is not ready because of how the server is configured (no
   * embedding model, say), not because something is failing: information, not an alarm.
   */
  disabledByConfiguration?: boolean;
  [detail: string]: unknown;
}

/** GET /status. */
export interface StatusResponse {
  platform: string;
  version: string;
  components: Record<string, ComponentStatus>;
}
