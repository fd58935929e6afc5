import { z } from 'zod';
import { NOT_A_JSON_OBJECT } from '../validation/index.js';
import {
  CALCULATE_OPERATIONS,
  type CalculatePayload,
  type QueryPayload,
  type ToolExecuteRequest,
} from './tools-api.js';

/** Longest query /demo/search and /demo/route take, as the search API does. */
export const MAX_TOOL_QUERY_LENGTH = 1000;

/** POST /api/tools/execute. The parameters are checked against the tool's own input schema. */
export const toolExecuteRequestSchema = z.object(
  {
    tool: z
      .string({ error: 'tool is required and must be a tool name' })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'tool must be a tool name: 1-64 letters, digits, "_" or "-"'),
    parameters: z.record(z.string(), z.unknown(), { error: 'parameters must be an object' }).prefault({}) as z.ZodType<
      Record<string, unknown>
    >,
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<ToolExecuteRequest>;

const operand = (name: string) => z.number({ error: `${name} must be a number` });

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
      .max(MAX_TOOL_QUERY_LENGTH, `query must be at most ${MAX_TOOL_QUERY_LENGTH} characters`),
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<QueryPayload>;
