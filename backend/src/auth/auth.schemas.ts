import { z } from 'zod';
import { ROLES } from '@docent/common/permissions';
import { API_KEY_NAME_REQUIRED, validateApiKeyName, validateProfileUpdate, validateRegistration } from '@docent/common/validation';

const text = (field: string) => z.string({ error: `${field} must be a string` });

/** Runs one of the shared form rules (the web forms use the same ones) as a schema refinement. */
const rule =
  <T>(check: (value: T) => string | null) =>
  (value: T, context: z.RefinementCtx) => {
    const message = check(value);
    if (message) context.addIssue({ code: 'custom', message });
  };

const CREDENTIALS_REQUIRED = 'Email and password are required';

export const loginSchema = z.object({
  email: z.string({ error: CREDENTIALS_REQUIRED }).trim().min(1, CREDENTIALS_REQUIRED),
  password: z.string({ error: CREDENTIALS_REQUIRED }).min(1, CREDENTIALS_REQUIRED),
  rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).default(false),
});

export const registerSchema = z
  .object({
    name: text('name'),
    email: text('email'),
    password: text('password'),
    confirmPassword: text('confirmPassword'),
  })
  .superRefine(rule(validateRegistration));

export const refreshSchema = z.object({
  refreshToken: z.string({ error: 'No refresh token available' }).min(1, 'No refresh token available'),
});

export const logoutSchema = z.object({
  sessionId: z.uuid({ error: 'sessionId must be a session id' }).optional(),
  logoutAll: z.boolean({ error: 'logoutAll must be true or false' }).default(false),
});

export const profileUpdateSchema = z
  .object({
    name: text('name').optional(),
    email: text('email').optional(),
    avatar: z.string({ error: 'avatar must be a string or null' }).nullable().optional(),
  })
  .superRefine(rule(validateProfileUpdate));

export const createApiKeySchema = z
  .object({ name: z.string({ error: API_KEY_NAME_REQUIRED }) })
  .superRefine(rule(({ name }) => validateApiKeyName(name)));

export const changeRoleSchema = z.object({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }),
});

export const idParam = (what: string) => z.uuid({ error: `${what} must be an id` });
