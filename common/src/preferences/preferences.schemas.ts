import { z } from 'zod';
import { SEARCH_TYPES } from '../search/search-api.js';
import { LANGUAGES, RESULTS_PER_PAGE, THEMES, type UserPreferences } from './preferences-api.js';

const { min, max, step } = RESULTS_PER_PAGE;
const RESULTS_PER_PAGE_CHOICES = Array.from({ length: (max - min) / step + 1 }, (_, index) => min + index * step);
const RESULTS_PER_PAGE_MESSAGE = `resultsPerPage must be one of ${RESULTS_PER_PAGE_CHOICES.join(', ')}`;

const oneOf = (field: string, values: readonly string[]) => ({ error: `${field} must be one of ${values.join(', ')}` });
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` }).optional();

/** PUT /api/user/preferences: any subset of the fields; a field it does not know is refused, not ignored. */
export const preferencesChangeSchema = z
  .strictObject(
    {
      theme: z.enum(THEMES, oneOf('theme', THEMES)).optional(),
      language: z.enum(LANGUAGES, oneOf('language', LANGUAGES)).optional(),
      notifications: flag('notifications'),
      autoSave: flag('autoSave'),
      defaultSearchType: z.enum(SEARCH_TYPES, oneOf('defaultSearchType', SEARCH_TYPES)).optional(),
      resultsPerPage: z
        .number({ error: RESULTS_PER_PAGE_MESSAGE })
        .min(min, RESULTS_PER_PAGE_MESSAGE)
        .max(max, RESULTS_PER_PAGE_MESSAGE)
        .multipleOf(step, RESULTS_PER_PAGE_MESSAGE)
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown preference${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
          : 'The request body must be a JSON object of preferences',
    },
  )
  // No body at all changes nothing, like an empty object.
  .optional()
  .transform((changes) => changes ?? {}) satisfies z.ZodType<Partial<UserPreferences>>;
