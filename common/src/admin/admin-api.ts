import type { UserView } from '../api/index.js';
import type { Role } from '../permissions/index.js';

/**
 * Where an account stands: active; inactive (deactivated: closed, until reactivated);
 * suspended (held by an administrator). Only an active account signs in or uses its keys.
 */
export const ACCOUNT_STATUSES = Object.freeze(['active', 'inactive', 'suspended'] as const);
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** What an administrator can do to an account's standing. */
export const STANDING_ACTIONS = Object.freeze(['suspend', 'reactivate', 'deactivate'] as const);
export type StandingAction = (typeof STANDING_ACTIONS)[number];

export const USER_LIST_PAGE_SIZE = 20;

/** A user as the User Management table lists it. */
export interface AdminUserView extends UserView {
  status: AccountStatus;
  /** Documents the user has uploaded, counted from the log. */
  documentsUploaded: number;
  /** The last thing the user did that the log records (a sign-in, a refresh, an upload, a search...). */
  lastActive: string | null;
}

export interface UserListQuery {
  search?: string;
  status?: AccountStatus;
  page?: number;
  pageSize?: number;
}

export interface UserListResponse {
  success: true;
  users: AdminUserView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminUserResponse {
  success: true;
  user: AdminUserView;
}

/** A deleted user's documents stay: nobody owns them any more, and administrators manage them. */
export interface UserDeletedResponse {
  success: true;
  userId: string;
  documents: { kept: number; owner: 'system'; message: string };
}

export interface CreateUserRequest {
  name: string;
  email: string;
  role: Role;
  password: string;
}

export interface InviteUserRequest {
  email: string;
  role: Role;
}

export interface UserInvite {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
  /** The one-time token; shown once, only its hash is stored. */
  token: string;
  /** Where the invited person accepts it: the invite page, with the token. */
  acceptPath: string;
}

export interface InviteResponse {
  success: true;
  invite: UserInvite;
}

export interface AcceptInviteRequest {
  token: string;
  name: string;
  password: string;
  confirmPassword: string;
}

/** How long an invite link stays valid. */
export const INVITE_LIFETIME_DAYS = 7;

// ----- System services and status ----------------------------------------------------------

export type ServiceState = 'ready' | 'degraded' | 'unavailable';

/**
 * A component of the server. Every component runs in the server's one process, so the
 * memory and CPU figures are the process's, said to be shared rather than split up.
 */
export interface SystemService {
  name: string;
  status: ServiceState;
  message: string | null;
  /** Seconds since the component started or was last restarted in this process. */
  uptimeSeconds: number;
  restartable: boolean;
  resources: { scope: 'shared process'; memoryBytes: number; cpuPercent: number | null };
  /** What the component's own probe reports (lag, queue, model...). */
  details: Record<string, unknown>;
}

export interface ServicesResponse {
  success: true;
  services: SystemService[];
}

export interface ServiceRestartResponse {
  success: true;
  service: SystemService;
  restartedAt: string;
}

export type AlertSeverity = 'warning' | 'error';

export interface SystemAlert {
  severity: AlertSeverity;
  /** What kind of condition raised it: one alert per kind at most. */
  kind: 'disk' | 'projection-lag' | 'failed-documents' | 'provider-health';
  message: string;
}

export interface SystemStatus {
  cpu: { cores: number; model: string | null; loadAverage: [number, number, number]; usagePercent: number | null };
  memory: {
    totalBytes: number;
    freeBytes: number;
    usedPercent: number;
    process: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number };
  };
  /** The file system holding DATA_DIR. */
  disk: { path: string; totalBytes: number; freeBytes: number; usedPercent: number } | null;
  /** Absent where the host does not say (no /proc/net/dev): never invented. */
  network?: { interfaces: number; receivedBytes?: number; sentBytes?: number };
  process: { uptimeSeconds: number; pid: number; nodeVersion: string };
  alerts: SystemAlert[];
  measuredAt: string;
}

export interface SystemStatusResponse {
  success: true;
  status: SystemStatus;
}

// ----- Audit log ----------------------------------------------------------------------------

export const AUDIT_EXPORT_FORMATS = Object.freeze(['csv', 'json'] as const);
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/** The most rows one export holds; narrow the filters for more. */
export const AUDIT_EXPORT_LIMIT = 10_000;
export const AUDIT_PAGE_SIZE = 50;

export interface AuditLogQuery {
  /** Whose actions: a user id. */
  actorId?: string;
  /** Which action: an event type. */
  action?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

export interface AuditEntry {
  position: number;
  action: string;
  actor: { id: string; name: string | null } | null;
  /** The stream the event was recorded on: what it was done to. */
  target: string;
  targetType: string;
  occurredAt: string;
}

export interface AuditLogResponse {
  success: true;
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** Every event type in the log, for the action filter. */
  actions: string[];
}
