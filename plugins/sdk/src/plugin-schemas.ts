import { z } from 'zod';
import { MODEL_CAPABILITIES } from './model-provider-plugin.js';

export const PLUGIN_KINDS = ['tool', 'model-provider'] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

/** A package.json `exports` value, minus the rarely used fallback arrays. */
export type PackageExports = string | null | { readonly [subpathOrCondition: string]: PackageExports };

const packageExportsSchema: z.ZodType<PackageExports> = z.lazy(() =>
  z.union([z.string(), z.null(), z.record(z.string(), packageExportsSchema)]),
);

/** The parts of a plugin package's package.json that discovery reads. */
export const pluginManifestSchema = z.object({
  name: z.string().min(1),
  docent: z.object({ kind: z.enum(PLUGIN_KINDS) }),
  exports: packageExportsSchema.optional(),
  main: z.string().min(1).optional(),
});
export type PluginManifest = z.infer<typeof pluginManifestSchema>;

// Parsed output is never used: zod copies objects, which would detach methods from
// class-based plugins. The schemas only check the shape of the original value.
const functionSchema = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', {
  message: 'Expected a function',
});

const jsonSchemaSchema = z.looseObject({});

const jsonObjectSchemaSchema = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.union([jsonSchemaSchema, z.boolean()])).optional(),
  required: z.array(z.string()).optional(),
});

export const toolPluginSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected 1-64 letters, digits, "_" or "-"'),
    category: z.string().min(1),
    description: z.string().min(1),
    inputSchema: jsonObjectSchemaSchema,
    outputSchema: jsonSchemaSchema.optional(),
    readOnly: z.boolean(),
    destructive: z.boolean(),
    idempotent: z.boolean(),
    status: z.enum(['ready', 'coming-soon']).optional(),
    requires: z.string().min(1).optional(),
    execute: functionSchema.optional(),
  })
  // A ready tool must run; a coming-soon one is data only, so code there could only pretend.
  .refine((tool) => (tool.status === 'coming-soon') === (tool.execute === undefined), {
    message: 'A ready tool needs execute(); a coming-soon tool has none',
    path: ['execute'],
    // Also when other fields are wrong, so that one report names every problem.
    when: ({ value }) => typeof value === 'object' && value !== null,
  });

const modelInfoSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  contextWindow: z.int().positive(),
  pricing: z.object({
    inputPer1kTokens: z.number().nonnegative(),
    outputPer1kTokens: z.number().nonnegative(),
  }),
  capabilities: z.array(z.enum(MODEL_CAPABILITIES)),
  trainingData: z.string().min(1).optional(),
  strengths: z.array(z.string().min(1)).optional(),
});

export const modelProviderPluginSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'Expected lowercase letters, digits, ".", "_" or "-"'),
  displayName: z.string().min(1),
  requiresApiKey: z.boolean(),
  defaultBaseURL: z.url().optional(),
  customEndpoints: z.boolean().optional(),
  models: z
    .array(modelInfoSchema)
    .refine((models) => new Set(models.map((model) => model.id)).size === models.length, 'Model ids must be unique'),
  listModels: functionSchema.optional(),
  chat: functionSchema,
  chatStream: functionSchema.optional(),
  embed: functionSchema.optional(),
  healthCheck: functionSchema,
});
