import { z } from 'zod';
import { ROLES } from '../permissions/index.js';
import {
  FIELD_LIMITS,
  idParam,
  isoDateProblem,
  isValidEmail,
  NOT_A_JSON_OBJECT,
  REGISTRATION_MESSAGES,
  STORABLE_YEARS,
  validateRegistration,
} from '../validation/index.js';
import {
  ACCOUNT_STATUSES,
  AUDIT_EXPORT_FORMATS,
  STANDING_ACTIONS,
  type AcceptInviteRequest,
  type CreateUserRequest,
  type InviteUserRequest,
} from './admin-api.js';

export const userIdParam = idParam('User id');

const wholeNumber = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

const role = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });

/** GET /api/users */
export const listUsersSchema = z.object({
  search: z.string({ error: 'search must be text' }).max(200, 'search must be at most 200 characters').optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: `status must be one of ${ACCOUNT_STATUSES.join(', ')}` }).optional(),
  page: wholeNumber('page', 1).optional(),
  pageSize: wholeNumber('pageSize', 1, 100).optional(),
});

/** POST /api/users/{id}/{action}: suspend, reactivate or deactivate, no body. */
export const standingActionParam = z.enum(STANDING_ACTIONS, {
  error: `The action must be one of ${STANDING_ACTIONS.join(', ')}`,
});

const text = (field: string) => z.string({ error: `${field} must be a string` });

/** POST /api/users: an administrator creates an account with a first password to hand over. */
export const createUserSchema = z
  .object({ name: text('name'), email: text('email'), role, password: text('password') }, { error: NOT_A_JSON_OBJECT })
  .superRefine((value, context) => {
    const message = validateRegistration({ ...value, confirmPassword: value.password });
    if (message) context.addIssue({ code: 'custom', message });
  })
  .transform((value) => ({
    ...value,
    name: value.name.trim(),
    email: value.email.trim(),
  })) satisfies z.ZodType<CreateUserRequest>;

/** POST /api/users/invites */
export const inviteUserSchema = z.object(
  {
    email: text('email')
      .trim()
      .max(FIELD_LIMITS.emailMaxLength, REGISTRATION_MESSAGES.emailTooLong)
      .refine(isValidEmail, REGISTRATION_MESSAGES.invalidEmail),
    role,
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<InviteUserRequest>;

/** Far longer than any invite token issued (an id, a dot and 43 characters). */
const INVITE_TOKEN_MAX_LENGTH = 200;

/** POST /api/auth/invites/accept: the invite names the email and role; the invited person the rest. */
export const acceptInviteSchema = z
  .object(
    {
      token: text('token').min(1, 'The invite token is required').max(INVITE_TOKEN_MAX_LENGTH, 'Invalid invite'),
      name: text('name'),
      password: text('password'),
      confirmPassword: text('confirmPassword'),
    },
    { error: NOT_A_JSON_OBJECT },
  )
  .superRefine((value, context) => {
    // The invite's address stands in for the email the registration rules check.
    const message = validateRegistration({ ...value, email: 'invited@example.com' });
    if (message) context.addIssue({ code: 'custom', message });
  })
  .transform((value) => ({ ...value, name: value.name.trim() })) satisfies z.ZodType<AcceptInviteRequest>;

/** POST /api/admin/services/{name}/restart */
export const serviceNameParam = z
  .string()
  .min(1, 'A service name is required')
  .max(100, 'A service name is at most 100 characters');

const dateOrTime = (name: string) =>
  z.string({ error: `${name} must be an ISO date or date and time` }).superRefine((value, context) => {
    const problem = isoDateProblem(value);
    if (problem === 'format')
      context.addIssue({ code: 'custom', message: `${name} must be an ISO date or date and time` });
    if (problem === 'range')
      context.addIssue({
        code: 'custom',
        message: `${name} must be in the years ${STORABLE_YEARS.min} to ${STORABLE_YEARS.max}`,
      });
  });

const auditFilters = {
  actorId: z.uuid({ error: 'actorId must be a user id' }).optional(),
  action: z
    .string({ error: 'action must be an event type' })
    .regex(/^[A-Za-z]{1,100}$/, 'action must be an event type')
    .optional(),
  from: dateOrTime('from').optional(),
  to: dateOrTime('to').optional(),
};

const fromBeforeTo = (query: { from?: string; to?: string }) =>
  query.from === undefined || query.to === undefined || Date.parse(query.from) <= Date.parse(query.to);

/** GET /api/admin/audit */
export const auditLogSchema = z
  .object({
    ...auditFilters,
    page: wholeNumber('page', 1).optional(),
    pageSize: wholeNumber('pageSize', 1, 200).optional(),
  })
  .refine(fromBeforeTo, { message: 'from must not be after to' });

/** GET /api/admin/audit/export */
export const auditExportSchema = z
  .object({
    ...auditFilters,
    format: z
      .enum(AUDIT_EXPORT_FORMATS, { error: `format must be ${AUDIT_EXPORT_FORMATS.join(' or ')}` })
      .default('csv'),
  })
  .refine(fromBeforeTo, { message: 'from must not be after to' });
