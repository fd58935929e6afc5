import {
  createUserSchema,
  inviteUserSchema,
  serviceNameParam,
  STANDING_ACTIONS,
  userIdParam,
  type CreateUserRequest,
  type InviteUserRequest,
  type StandingAction,
} from '@docent/common/admin';
import { changeRoleSchema } from '@docent/common/auth';
import type { Role } from '@docent/common/permissions';
import { checkRequest } from '@docent/common/validation';
import { ADMIN_INTENTS, type AdminActionResult, type AdminIntent } from './admin-actions';

/** A change the page asked the /admin action for, read from its form fields. */
export type AdminCommand =
  | { intent: 'role'; userId: string; userName: string; role: Role }
  | { intent: StandingAction; userId: string; userName: string }
  | { intent: 'delete'; userId: string; userName: string }
  | { intent: 'create'; request: CreateUserRequest }
  | { intent: 'invite'; request: InviteUserRequest }
  | { intent: 'restart'; service: string };

type FormFields = Record<string, string>;

// ----- What the page submits ------------------------------------------------------------------

export const userActionForm = (
  intent: 'role' | StandingAction | 'delete',
  user: { id: string; name: string },
  role?: Role,
): FormFields => ({ intent, userId: user.id, userName: user.name, ...(role && { role }) });

export const createUserForm = (request: CreateUserRequest): FormFields => ({ intent: 'create', ...request });

export const inviteUserForm = (request: InviteUserRequest): FormFields => ({ intent: 'invite', ...request });

export const restartForm = (service: string): FormFields => ({ intent: 'restart', service });

// ----- What the action reads --------------------------------------------------------------------

export type AdminActionRequest =
  { ok: true; command: AdminCommand } | { ok: false; refusal: Extract<AdminActionResult, { ok: false }> };

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const isIntent = (value: unknown): value is AdminIntent => ADMIN_INTENTS.some((intent) => intent === value);
const isStanding = (value: AdminIntent): value is StandingAction => STANDING_ACTIONS.some((action) => action === value);

/**
 * A form read and checked with the API's own schemas, refused in the API's words; null
 * for an intent the page does not know.
 */
export function readAdminAction(form: FormData): AdminActionRequest | null {
  const intent = form.get('intent');
  if (!isIntent(intent)) return null;
  const refuse = (subject: string, error: string): AdminActionRequest => ({
    ok: false,
    refusal: { intent, ok: false, subject, error },
  });

  if (intent === 'create' || intent === 'invite') {
    const fields = { name: text(form, 'name'), email: text(form, 'email'), role: text(form, 'role') };
    const checked =
      intent === 'create'
        ? checkRequest(createUserSchema, { ...fields, password: text(form, 'password') })
        : checkRequest(inviteUserSchema, { email: fields.email, role: fields.role });
    if (!checked.ok) return refuse(fields.email, checked.error);
    return intent === 'create'
      ? { ok: true, command: { intent, request: checked.value as CreateUserRequest } }
      : { ok: true, command: { intent, request: checked.value as InviteUserRequest } };
  }
  if (intent === 'restart') {
    const service = checkRequest(serviceNameParam, text(form, 'service'), 'name');
    return service.ok
      ? { ok: true, command: { intent, service: service.value } }
      : refuse(text(form, 'service'), service.error);
  }

  const userName = text(form, 'userName');
  const userId = checkRequest(userIdParam, text(form, 'userId'), 'id');
  if (!userId.ok) return refuse(userName, userId.error);
  if (intent === 'role') {
    const role = checkRequest(changeRoleSchema, { role: text(form, 'role') });
    if (!role.ok) return refuse(userName, role.error);
    return { ok: true, command: { intent, userId: userId.value, userName, role: role.value.role } };
  }
  if (intent === 'delete') return { ok: true, command: { intent, userId: userId.value, userName } };
  if (isStanding(intent)) return { ok: true, command: { intent, userId: userId.value, userName } };
  return null;
}
