import { z } from 'zod';
import { idParam, isoDateProblem, NOT_A_JSON_OBJECT, STORABLE_YEARS } from '../validation/index.js';
import { ACCESS_LEVELS, DOCUMENT_SORT_FIELDS, DOCUMENT_TYPES, type DocumentListQuery } from './document-api.js';
import { DOCUMENT_STATUSES } from './document-status.js';

export const documentIdParam = idParam('Document id');

/** A comma-separated query parameter (or the parameter repeated) as a list of allowed values. */
const listOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${name} must be a comma-separated list` })
    .transform((value) =>
      (Array.isArray(value) ? value.join(',') : value)
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { error: `${name} may only contain ${values.join(', ')}` })));

const dateOrTime = (name: string) =>
  z.string().superRefine((value, context) => {
    const problem = isoDateProblem(value);
    if (problem === 'format')
      context.addIssue({ code: 'custom', message: `${name} must be an ISO date or date and time` });
    if (problem === 'range')
      context.addIssue({
        code: 'custom',
        message: `${name} must be in the years ${STORABLE_YEARS.min} to ${STORABLE_YEARS.max}`,
      });
  });

const wholeNumber = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

export const listDocumentsSchema = z
  .object({
    search: z.string().max(200, 'search must be at most 200 characters').optional(),
    status: listOf('status', DOCUMENT_STATUSES).optional(),
    fileTypes: listOf('fileTypes', DOCUMENT_TYPES).optional(),
    dateFrom: dateOrTime('dateFrom').optional(),
    dateTo: dateOrTime('dateTo').optional(),
    sizeMin: wholeNumber('sizeMin', 0).optional(),
    sizeMax: wholeNumber('sizeMax', 0).optional(),
    hasVectors: z
      .enum(['true', 'false'], { error: 'hasVectors must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
    uploadedBy: z.uuid({ error: 'uploadedBy must be a user id' }).optional(),
    page: wholeNumber('page', 1).optional(),
    pageSize: wholeNumber('pageSize', 1, 100).optional(),
    sort: z.enum(DOCUMENT_SORT_FIELDS, { error: `sort must be one of ${DOCUMENT_SORT_FIELDS.join(', ')}` }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  })
  .refine((query) => query.sizeMin === undefined || query.sizeMax === undefined || query.sizeMin <= query.sizeMax, {
    message: 'sizeMin must not be more than sizeMax',
  }) satisfies z.ZodType<DocumentListQuery>;

export const previewSchema = z.object({
  page: wholeNumber('page', 1).optional(),
  pageSize: wholeNumber('pageSize', 1_000, 200_000).optional(),
});

const MAX_METADATA_BYTES = 16 * 1024;

/** The spec's "id plus free fields": known fields are checked, free ones must be JSON and small. */
export const documentMetadataSchema = z
  .looseObject(
    {
      category: z.string().trim().max(100, 'category must be at most 100 characters').nullable().optional(),
      tags: z
        .array(z.string().trim().min(1, 'tags must not be blank').max(50, 'each tag must be at most 50 characters'), {
          error: 'tags must be a list of strings',
        })
        .max(20, 'at most 20 tags')
        .transform((tags) => [...new Set(tags)])
        .optional(),
      accessLevel: z
        .enum(ACCESS_LEVELS, { error: `accessLevel must be one of ${ACCESS_LEVELS.join(', ')}` })
        .optional(),
    },
    { error: NOT_A_JSON_OBJECT },
  )
  .transform(({ id: _id, ...fields }) => fields)
  .refine((fields) => new TextEncoder().encode(JSON.stringify(fields)).byteLength <= MAX_METADATA_BYTES, {
    message: `Metadata must be at most ${MAX_METADATA_BYTES / 1024} KB of JSON`,
  });

export const uploadFieldsSchema = z.object({
  accessLevel: z
    .enum(ACCESS_LEVELS, { error: `accessLevel must be one of ${ACCESS_LEVELS.join(', ')}` })
    .default('shared'),
});
