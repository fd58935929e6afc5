import { z } from 'zod';
import { DEFAULT_SEARCH_TYPE, SEARCH_TYPES } from '../search/search-api.js';
import { searchFilters } from '../search/search.schemas.js';
import { idParam, NOT_A_JSON_OBJECT } from '../validation/index.js';
import {
  DEFAULT_CHAT_SOURCES,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_CHAT_SOURCES,
  MAX_CHAT_TITLE_LENGTH,
  type ChatRequest,
  type RenameChatSessionRequest,
} from './chat-api.js';

const SOURCES_MESSAGE = `searchOptions.limit must be a whole number from 1 to ${MAX_CHAT_SOURCES}`;

export const chatSessionId = idParam('Chat session id');

/** POST /api/chat. */
export const chatRequestSchema = z.object(
  {
    sessionId: z.uuid({ error: 'sessionId must be a chat session id' }).optional(),
    message: z
      .string({ error: 'message is required and must be a string' })
      .trim()
      .min(1, 'message must not be empty')
      .max(MAX_CHAT_MESSAGE_LENGTH, `message must be at most ${MAX_CHAT_MESSAGE_LENGTH} characters`),
    searchOptions: z
      .object(
        {
          type: z
            .enum(SEARCH_TYPES, { error: `searchOptions.type must be one of ${SEARCH_TYPES.join(', ')}` })
            .default(DEFAULT_SEARCH_TYPE),
          limit: z
            .number({ error: SOURCES_MESSAGE })
            .int(SOURCES_MESSAGE)
            .min(1, SOURCES_MESSAGE)
            .max(MAX_CHAT_SOURCES, SOURCES_MESSAGE)
            .default(DEFAULT_CHAT_SOURCES),
          ...searchFilters,
        },
        { error: 'searchOptions must be an object' },
      )
      .prefault({}),
    model: z
      .string({ error: 'model must be a model id or "auto"' })
      .trim()
      .min(1, 'model must not be empty')
      .max(300)
      .optional(),
    preference: z.literal('cost', { error: 'preference may only be "cost"' }).optional(),
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<ChatRequest>;

/** PATCH /api/chat/sessions/{id}. */
export const renameChatSessionSchema = z.object(
  {
    title: z
      .string({ error: 'title is required and must be a string' })
      .trim()
      .min(1, 'title must not be empty')
      .max(MAX_CHAT_TITLE_LENGTH, `title must be at most ${MAX_CHAT_TITLE_LENGTH} characters`),
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<RenameChatSessionRequest>;
