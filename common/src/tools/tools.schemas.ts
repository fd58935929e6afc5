import { z } from 'zod';
import { MAX_SEARCH_QUERY_LENGTH } from '../search/search-api.js';
import { NOT_A_JSON_OBJECT } from '../validation/index.js';
import { CALCULATE_OPERATIONS, type CalculatePayload, type QueryPayload } from './tools-api.js';

// Zod's number refuses NaN and Infinity too: no result is ever Infinity or NaN by way of its input.
const operand = (field: 'a' | 'b') => z.number({ error: `${field} must be a finite number` });

/** POST /demo/calculate. */
export const calculatePayloadSchema = z.object(
  {
    operation: z.enum(CALCULATE_OPERATIONS, { error: `operation must be one of ${CALCULATE_OPERATIONS.join(', ')}` }),
    a: operand('a'),
    b: operand('b'),
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<CalculatePayload>;

/** POST /demo/search and /demo/route. */
export const queryPayloadSchema = z.object(
  {
    query: z
      .string({ error: 'query is required and must be a string' })
      .trim()
      .min(1, 'query must not be empty')
      .max(MAX_SEARCH_QUERY_LENGTH, `query must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`),
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<QueryPayload>;
