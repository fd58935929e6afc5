import type {
  AdminUserResponse,
  AuditLogQuery,
  AuditLogResponse,
  InviteResponse,
  ServiceRestartResponse,
  ServicesResponse,
  SystemStatusResponse,
  UserDeletedResponse,
  UserListQuery,
  UserListResponse,
} from '@docent/common/admin';
import { ApiError, type SignedInApi } from '~/lib/api-client.server';
import type { AdminCommand } from './admin-action-form';
import type { AdminActionResult } from './admin-actions';

const query = (values: object) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** What the caller may not see answers null (the server said 403); any other failure is thrown. */
async function unlessForbidden<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export interface AdminPageData {
  users: UserListResponse;
  /** Null where the caller lacks system:monitor. */
  services: ServicesResponse['services'] | null;
  status: SystemStatusResponse['status'] | null;
  audit: AuditLogResponse | null;
}

/**
 * Everything the page shows, in one round of parallel calls; null when the caller may not
 * read users at all, and the page says so instead of its tabs.
 */
export async function loadAdminPage(
  api: SignedInApi,
  usersQuery: UserListQuery,
  auditQuery: AuditLogQuery,
): Promise<AdminPageData | null> {
  const [users, services, status, audit] = await Promise.all([
    unlessForbidden(api.call<UserListResponse>(`/api/users${query(usersQuery)}`)),
    unlessForbidden(api.call<ServicesResponse>('/api/admin/services')),
    unlessForbidden(api.call<SystemStatusResponse>('/api/admin/status')),
    unlessForbidden(api.call<AuditLogResponse>(`/api/admin/audit${query(auditQuery)}`)),
  ]);
  if (!users) return null;
  return { users, services: services?.services ?? null, status: status?.status ?? null, audit };
}

/** The whole instance's backup archive, as the API serves it. */
export const INSTANCE_BACKUP_PATH = '/api/admin/backup';

/** The audit log's export, as the API serves it. */
export const auditExportPath = (search: string) => `/api/admin/audit/export${search}`;

const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;

/** Carries out one command; the API's refusal is the result's error. */
export async function runAdminAction(api: SignedInApi, command: AdminCommand): Promise<AdminActionResult> {
  const subject =
    command.intent === 'restart'
      ? command.service
      : command.intent === 'create'
        ? command.request.name
        : command.intent === 'invite'
          ? command.request.email
          : command.userName;
  try {
    switch (command.intent) {
      case 'role':
        await api.call(`${userPath(command.userId)}/role`, { method: 'PUT', body: { role: command.role } });
        return { intent: command.intent, ok: true, subject };
      case 'suspend':
      case 'reactivate':
      case 'deactivate':
        await api.call<AdminUserResponse>(`${userPath(command.userId)}/${command.intent}`, { method: 'POST' });
        return { intent: command.intent, ok: true, subject };
      case 'delete': {
        const deleted = await api.call<UserDeletedResponse>(userPath(command.userId), { method: 'DELETE' });
        return { intent: command.intent, ok: true, subject, detail: deleted.documents.message };
      }
      case 'create':
        await api.call<AdminUserResponse>('/api/users', { method: 'POST', body: command.request });
        return { intent: command.intent, ok: true, subject };
      case 'invite': {
        const { invite } = await api.call<InviteResponse>('/api/users/invites', {
          method: 'POST',
          body: command.request,
        });
        return { intent: command.intent, ok: true, subject, invite };
      }
      case 'restart':
        await api.call<ServiceRestartResponse>(`/api/admin/services/${encodeURIComponent(command.service)}/restart`, {
          method: 'POST',
        });
        return { intent: command.intent, ok: true, subject };
      default: {
        const unhandled: never = command;
        throw new Error(`Unhandled admin action ${JSON.stringify(unhandled)}`);
      }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      intent: command.intent,
      ok: false,
      subject,
      error: error.status === 0 ? 'The server could not be reached' : error.message,
    };
  }
}
