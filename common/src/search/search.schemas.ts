import { z } from 'zod';
import { DOCUMENT_TYPES } from '../documents/document-api.js';
import { NOT_A_JSON_OBJECT } from '../validation/index.js';
import {
  DEFAULT_SEARCH_GROUPING,
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_SEARCH_TYPE,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_QUERY_LENGTH,
  SEARCH_GROUPINGS,
  SEARCH_TYPES,
  type SearchRequest,
} from './search-api.js';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`;

/** Which chunks a search may return: the options search and chat share. */
export const searchFilters = {
  documentIds: z
    .array(z.uuid({ error: 'documentIds must be document ids' }), {
      error: 'documentIds must be a list of document ids',
    })
    .max(1000, 'at most 1000 documentIds')
    .optional(),
  fileTypes: z
    .array(z.enum(DOCUMENT_TYPES, { error: `fileTypes may only contain ${DOCUMENT_TYPES.join(', ')}` }), {
      error: 'fileTypes must be a list of document types',
    })
    .optional(),
  tags: z
    .array(
      z
        .string({ error: 'tags must be strings' })
        .trim()
        .min(1, 'tags must not be blank')
        .max(50, 'each tag must be at most 50 characters'),
      {
        error: 'tags must be a list of strings',
      },
    )
    .max(20, 'at most 20 tags')
    .optional(),
  minScore: z.number({ error: 'minScore must be a number' }).optional(),
};

/** POST /api/search/rag. */
export const searchRequestSchema = z.object(
  {
    query: z
      .string({ error: 'query is required and must be a string' })
      .trim()
      .min(1, 'query must not be empty')
      .max(MAX_SEARCH_QUERY_LENGTH, `query must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`),
    options: z
      .object(
        {
          type: z
            .enum(SEARCH_TYPES, { error: `type must be one of ${SEARCH_TYPES.join(', ')}` })
            .default(DEFAULT_SEARCH_TYPE),
          limit: z
            .number({ error: LIMIT_MESSAGE })
            .int(LIMIT_MESSAGE)
            .min(1, LIMIT_MESSAGE)
            .max(MAX_SEARCH_LIMIT, LIMIT_MESSAGE)
            .default(DEFAULT_SEARCH_LIMIT),
          group: z
            .enum(SEARCH_GROUPINGS, { error: `group must be one of ${SEARCH_GROUPINGS.join(', ')}` })
            .default(DEFAULT_SEARCH_GROUPING),
          ...searchFilters,
        },
        { error: 'options must be an object' },
      )
      .prefault({}),
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<SearchRequest>;
