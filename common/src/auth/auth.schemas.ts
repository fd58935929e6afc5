import { z } from 'zod';
import { ROLES } from '../permissions/index.js';
import {
  API_KEY_NAME_REQUIRED,
  FIELD_LIMITS,
  NOT_A_JSON_OBJECT,
  REGISTRATION_MESSAGES,
  validateApiKeyName,
  validateProfileUpdate,
  validateRegistration,
} from '../validation/index.js';

const text = (field: string) => z.string({ error: `${field} must be a string` });

/** Runs one of the shared form rules (the web forms use the same ones) as a schema refinement. */
const rule =
  <T>(check: (value: T) => string | null) =>
  (value: T, context: z.RefinementCtx) => {
    const message = check(value);
    if (message) context.addIssue({ code: 'custom', message });
  };

const CREDENTIALS_REQUIRED = 'Email and password are required';

// No account has a longer email or password: registration refuses them.
export const loginSchema = z.object(
  {
    email: z
      .string({ error: CREDENTIALS_REQUIRED })
      .trim()
      .min(1, CREDENTIALS_REQUIRED)
      .max(FIELD_LIMITS.emailMaxLength, REGISTRATION_MESSAGES.emailTooLong),
    password: z
      .string({ error: CREDENTIALS_REQUIRED })
      .min(1, CREDENTIALS_REQUIRED)
      .max(FIELD_LIMITS.passwordMaxLength, REGISTRATION_MESSAGES.passwordTooLong),
    rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).default(false),
    /** The deviceToken of an earlier sign-in on this device, if any. */
    deviceToken: z.string({ error: 'deviceToken must be a string' }).max(200, 'deviceToken is too long').optional(),
  },
  { error: CREDENTIALS_REQUIRED },
);

export const registerSchema = z
  .object(
    {
      name: text('name'),
      email: text('email'),
      password: text('password'),
      confirmPassword: text('confirmPassword'),
    },
    { error: NOT_A_JSON_OBJECT },
  )
  .superRefine(rule(validateRegistration));

const NO_REFRESH_TOKEN = 'No refresh token available';

/** Far longer than any refresh token issued (a session id and 43 characters). */
const REFRESH_TOKEN_MAX_LENGTH = 200;

export const refreshSchema = z.object(
  {
    refreshToken: z
      .string({ error: NO_REFRESH_TOKEN })
      .min(1, NO_REFRESH_TOKEN)
      .max(REFRESH_TOKEN_MAX_LENGTH, 'refreshToken is too long to be a refresh token'),
  },
  { error: NO_REFRESH_TOKEN },
);

/** Every field is optional, so no body at all signs out of the current session. */
export const logoutSchema = z
  .object(
    {
      sessionId: z.uuid({ error: 'sessionId must be a session id' }).optional(),
      logoutAll: z.boolean({ error: 'logoutAll must be true or false' }).default(false),
    },
    { error: NOT_A_JSON_OBJECT },
  )
  .prefault({});

export const profileUpdateSchema = z
  .object(
    {
      name: text('name').optional(),
      email: text('email').optional(),
      avatar: z.string({ error: 'avatar must be a string or null' }).nullable().optional(),
    },
    { error: NOT_A_JSON_OBJECT },
  )
  .superRefine(rule(validateProfileUpdate));

export const createApiKeySchema = z
  .object({ name: z.string({ error: API_KEY_NAME_REQUIRED }) }, { error: NOT_A_JSON_OBJECT })
  .superRefine(rule(({ name }) => validateApiKeyName(name)));

export const changeRoleSchema = z.object(
  { role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }) },
  { error: NOT_A_JSON_OBJECT },
);
