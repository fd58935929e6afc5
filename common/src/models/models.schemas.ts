import { z } from 'zod';
import { NOT_A_JSON_OBJECT } from '../validation/index.js';
import {
  MODEL_PARAMETER_BOUNDS,
  SETTABLE_MODEL_STATUSES,
  type AddProviderRequest,
  type ModelUpdate,
  type RoutingConfiguration,
} from './model-api.js';

export const modelIdParam = z
  .string()
  .trim()
  .min(1, 'A model id is required')
  .max(300, 'A model id is at most 300 characters');
export const providerIdParam = z
  .string()
  .trim()
  .min(1, 'A provider id is required')
  .max(100, 'A provider id is at most 100 characters');

const httpUrl = (field: string) =>
  z
    .string({ error: `${field} must be an http or https URL` })
    .trim()
    .max(2000, `${field} must be at most 2000 characters`)
    .pipe(z.url({ protocol: /^https?$/, error: `${field} must be an http or https URL` }));

const parameter = (field: keyof typeof MODEL_PARAMETER_BOUNDS, whole = false) => {
  const { min, max } = MODEL_PARAMETER_BOUNDS[field];
  const message = `${field} must be ${whole ? 'a whole number' : 'a number'} between ${min} and ${max}`;
  const number = z.number({ error: message }).min(min, message).max(max, message);
  return (whole ? number.int(message) : number).optional();
};

const limit = (field: string, whole: boolean) => {
  const message = `${field} must be ${whole ? 'a whole number' : 'a number'} of at least 0, or null for no limit`;
  const number = z.number({ error: message }).min(0, message);
  return (whole ? number.int(message) : number).nullable().optional();
};

/** PUT /api/models/{id}: only the fields being changed; unknown fields are ignored. */
export const modelUpdateSchema = z.object(
  {
    status: z
      .enum(SETTABLE_MODEL_STATUSES, { error: `status must be ${SETTABLE_MODEL_STATUSES.join(' or ')}` })
      .optional(),
    /** An empty string goes back to the provider's default endpoint. */
    endpoint: z
      .union([z.literal(''), httpUrl('endpoint')], { error: 'endpoint must be an http or https URL' })
      .optional(),
    /** An empty string removes the key. */
    apiKey: z
      .string({ error: 'apiKey must be a string' })
      .trim()
      .max(1000, 'apiKey must be at most 1000 characters')
      .optional(),
    configuration: z
      .object(
        {
          temperature: parameter('temperature'),
          maxTokens: parameter('maxTokens', true),
          topP: parameter('topP'),
          frequencyPenalty: parameter('frequencyPenalty'),
          presencePenalty: parameter('presencePenalty'),
        },
        { error: 'configuration must be an object' },
      )
      .optional(),
    limits: z
      .object(
        {
          dailyRequests: limit('dailyRequests', true),
          monthlyBudget: limit('monthlyBudget', false),
          maxConcurrent: limit('maxConcurrent', true),
        },
        { error: 'limits must be an object' },
      )
      .optional(),
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<ModelUpdate>;

const routedModelId = (field: string) =>
  z
    .string({ error: `${field} must be a model id or null` })
    .trim()
    .min(1, `${field} must be a model id or null`)
    .nullable()
    .optional();

/** PUT /api/models/routing: the fields being changed. */
export const routingSchema = z.object(
  {
    primaryModelId: routedModelId('primaryModelId'),
    fallbackModelId: routedModelId('fallbackModelId'),
    costOptimizedModelId: routedModelId('costOptimizedModelId'),
    autoRouting: z.boolean({ error: 'autoRouting must be true or false' }).optional(),
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<Partial<RoutingConfiguration>>;

/** POST /api/models/providers ('Add Provider'). */
export const addProviderSchema = z.object(
  {
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(100, 'name must be at most 100 characters'),
    baseURL: httpUrl('baseURL'),
    apiKey: z
      .string({ error: 'apiKey must be a string' })
      .trim()
      .max(1000, 'apiKey must be at most 1000 characters')
      .optional(),
  },
  { error: NOT_A_JSON_OBJECT },
) satisfies z.ZodType<AddProviderRequest>;
