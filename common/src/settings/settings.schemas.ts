import { z } from 'zod';
import { documentMetadataSchema } from '../documents/documents.schemas.js';
import { preferencesChangeSchema } from '../preferences/preferences.schemas.js';
import { MAX_SEARCH_HISTORY, MAX_SEARCH_QUERY_LENGTH } from '../search/search-api.js';
import { FIELD_LIMITS, REGISTRATION_MESSAGES } from '../validation/index.js';
import { INVALID_BACKUP_FILE, PASSWORD_CHANGE_MESSAGES } from './settings-api.js';

const { currentPasswordRequired } = PASSWORD_CHANGE_MESSAGES;

/**
 * POST /api/auth/password. The new password follows registration's password rules, in
 * their order: long enough, confirmed, not too long.
 */
export const changePasswordSchema = z
  .object(
    {
      currentPassword: z
        .string({ error: currentPasswordRequired })
        .min(1, currentPasswordRequired)
        .max(FIELD_LIMITS.passwordMaxLength, REGISTRATION_MESSAGES.passwordTooLong),
      newPassword: z.string({ error: REGISTRATION_MESSAGES.passwordTooShort }),
      confirmPassword: z.string({ error: REGISTRATION_MESSAGES.passwordsDoNotMatch }),
    },
    { error: currentPasswordRequired },
  )
  .superRefine(({ newPassword, confirmPassword }, context) => {
    const rules: ReadonlyArray<readonly [failed: boolean, message: string]> = [
      [newPassword.length < FIELD_LIMITS.passwordMinLength, REGISTRATION_MESSAGES.passwordTooShort],
      [newPassword !== confirmPassword, REGISTRATION_MESSAGES.passwordsDoNotMatch],
      [newPassword.length > FIELD_LIMITS.passwordMaxLength, REGISTRATION_MESSAGES.passwordTooLong],
    ];
    const message = rules.find(([failed]) => failed)?.[1];
    if (message) context.addIssue({ code: 'custom', message });
  });

/** At most this many entries in each list of a backup file: more than any export holds. */
const MAX_ENTRIES = 1_000;
const MAX_TEXT = 20_000;

const backupChatSessionSchema = z.object({
  id: z.string().max(200),
  title: z.string().max(MAX_TEXT),
  timestamp: z.string().max(100),
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(MAX_TEXT), timestamp: z.string() }))
    .max(MAX_ENTRIES),
});

const backupShape = z.object({
  // An object of preferences: that it is there at all is checked below, as this one takes none for no change.
  userPreferences: preferencesChangeSchema,
  documentMetadata: z
    .record(z.uuid(), documentMetadataSchema)
    .refine((metadata) => Object.keys(metadata).length <= MAX_ENTRIES),
  // What a history can hold: queries a search would take, as many as are kept.
  searchHistory: z.array(z.string().trim().min(1).max(MAX_SEARCH_QUERY_LENGTH)).max(MAX_SEARCH_HISTORY),
  chatHistory: z.array(backupChatSessionSchema).max(MAX_ENTRIES),
  // The browser's bookmarks, each at least a chunk id: the page checks the rest of each as it reads them.
  bookmarks: z.array(z.looseObject({ id: z.string().min(1).max(200) })).max(MAX_ENTRIES),
  exportDate: z.string().max(100).optional(),
});

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A backup file as read: its preferences may name only some of the fields. */
export type ImportedBackup = z.output<typeof backupShape>;

/**
 * The spec's backup file. Anything else (another JSON document, a field of the wrong
 * kind, a preference out of range) is not one: the whole file is refused with the
 * spec's one text, and nothing of it is applied.
 */
export const backupFileSchema = z.unknown().transform((value, context): ImportedBackup => {
  const parsed = backupShape.safeParse(value);
  if (parsed.success && isObject((value as { userPreferences?: unknown }).userPreferences)) return parsed.data;
  context.addIssue({ code: 'custom', message: INVALID_BACKUP_FILE });
  return z.NEVER;
});
