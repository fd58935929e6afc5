import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';

const DURATION_UNITS_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** '15m', '12h', '30d', or a bare number of seconds. */
const duration = z
  .string()
  .trim()
  .regex(/^\d+(ms|s|m|h|d)?$/, 'must be a duration such as 900s, 15m, 12h or 30d')
  .transform((value) => {
    const [, amount, unit] = /^(\d+)(ms|s|m|h|d)?$/.exec(value)!;
    return Number(amount) * DURATION_UNITS_MS[(unit ?? 's') as keyof typeof DURATION_UNITS_MS];
  })
  .refine((ms) => ms > 0, 'must be greater than zero');

const BYTE_UNITS = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 } as const;

const byteSize = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^\d+(b|kb|mb|gb)?$/, 'must be a size such as 512kb or 1mb')
  .transform((value) => {
    const [, amount, unit] = /^(\d+)(b|kb|mb|gb)?$/.exec(value)!;
    return Number(amount) * BYTE_UNITS[(unit ?? 'b') as keyof typeof BYTE_UNITS];
  });

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const positiveInt = z.coerce.number().int('must be a whole number').positive('must be greater than zero');

/** The names Express gives the private and loopback ranges, usable in TRUST_PROXY. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which proxies in front of the server may say, in X-Forwarded-For, whom they forward:
 * how many hops to trust, or the proxies' addresses and subnets. Never every caller
 * (Express's `true`): any client could then choose its own address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === 'false' || value === '') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'must be a number of proxy hops or a list of proxy addresses or subnets (e.g. 10.0.0.0/8, loopback)',
    });
    return z.NEVER;
  });

/** The repository's root: this file is backend/src/config (backend/dist/config when built). */
const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');

/** Texts per request to an endpoint, which does the work on its own hardware. */
const DEFAULT_ENDPOINT_BATCH_SIZE = 64;
/** Texts per run of a local model: smaller, as the whole padded batch is held in this server's memory. */
const DEFAULT_LOCAL_BATCH_SIZE = 32;
/**
 * (query, passage) pairs per run of a local cross-encoder: fewer still, as ONNX Runtime's Node binding runs
 * a batch on the event loop's thread, holding up every other request until it ends; they go on between batches.
 */
const DEFAULT_LOCAL_RERANKER_BATCH_SIZE = 8;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback unless told otherwise: a fresh `npm start` is reachable from this machine only. */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int('must be a whole number').min(0).max(65_535, 'must be a port number').default(3000),
  TRUST_PROXY: trustProxy.prefault('false'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_MODE: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PLUGINS_DIR: z.string().min(1).default('./plugins'),
  ACCESS_TOKEN_TTL: duration.prefault('1h'),
  REFRESH_TOKEN_TTL: duration.prefault('12h'),
  REMEMBER_ME_TTL: duration.prefault('30d'),
  BODY_LIMIT: byteSize.prefault('1mb'),
  LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(20),
  /** Wrong passwords in a row for one account, from a device it is not signed in on, before guesses slow down. */
  LOGIN_RATE_LIMIT_PER_ACCOUNT: positiveInt.default(5),
  /** The longest wait between two guesses at one account's password. */
  LOGIN_DELAY_MAX: duration.prefault('15m'),
  REGISTER_RATE_LIMIT_PER_IP: positiveInt.default(10),
  EMBEDDINGS_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  EMBEDDINGS_MODEL: z.string().min(1).optional(),
  EMBEDDINGS_DIMENSIONS: positiveInt.optional(),
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  EMBEDDINGS_BATCH_SIZE: positiveInt.optional(),
  EMBEDDINGS_MODEL_PATH: z.string().min(1).optional(),
  /** A rerank endpoint's API root: POST {RERANKER_URL}/rerank in the Cohere, Jina and vLLM wire format. */
  RERANKER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  RERANKER_MODEL: z.string().min(1).optional(),
  RERANKER_API_KEY: z.string().min(1).optional(),
  /** A cross-encoder folder run in-process when RERANKER_URL is unset. */
  RERANKER_MODEL_PATH: z.string().min(1).optional(),
  RERANKER_BATCH_SIZE: positiveInt.optional(),
  /** How long one rerank call may take before the search keeps its retrieval order. */
  RERANKER_TIMEOUT: duration.prefault('10s'),
  /** Encrypts the model providers' API keys at rest. */
  MODEL_SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long one call to a model provider may take before the router gives up on it. */
  MODEL_CALL_TIMEOUT: duration.prefault('60s'),
  /** Development only: serve the web app through Vite with hot reload instead of its build. */
  WEB_DEV: flag.default(false),
  /** The bearer token Prometheus scrapes GET /metrics with; unset, /metrics answers 404. */
  METRICS_SCRAPE_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** How often this process writes the finished minutes of API traffic it counted to the event log. */
  METRICS_FLUSH_INTERVAL: duration.prefault('1m'),
});

export type AppConfig = ReturnType<typeof toAppConfig>;

export type DatabaseConfig =
  | { kind: 'postgresql'; url: string }
  /**
   * Embedded PostgreSQL under dataDir; `open`: an instance already open to use instead,
   * and to leave open (tests that run two servers on one database, as processes would).
   */
  | { kind: 'pglite'; dataDir: string; open?: PGlite };

/**
 * Who is offered the demo administrator: nobody, callers on the server's own machine
 * (DEMO_MODE unset outside production), or everyone (DEMO_MODE=true, set on purpose).
 */
export type DemoMode = 'off' | 'loopback' | 'anywhere';

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/**
 * Parses the environment once, at start. A bad value stops the start with a
 * message naming the variable; nothing else in the server reads process.env.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return toAppConfig(parsed.data);
}

function toAppConfig(env: z.output<typeof envSchema>) {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR);
  const pluginsDir = resolve(env.PLUGINS_DIR);
  if (!statSync(pluginsDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigurationError(`Invalid configuration: PLUGINS_DIR ${pluginsDir} is not a directory`);
  }
  const embeddingsModelPath = env.EMBEDDINGS_MODEL_PATH && resolve(env.EMBEDDINGS_MODEL_PATH);
  if (embeddingsModelPath && !statSync(embeddingsModelPath, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigurationError(
      `Invalid configuration: EMBEDDINGS_MODEL_PATH ${embeddingsModelPath} is not a directory`,
    );
  }
  const rerankerModelPath = env.RERANKER_MODEL_PATH && resolve(env.RERANKER_MODEL_PATH);
  if (rerankerModelPath && !statSync(rerankerModelPath, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigurationError(`Invalid configuration: RERANKER_MODEL_PATH ${rerankerModelPath} is not a directory`);
  }
  if (env.EMBEDDINGS_BASE_URL && (!env.EMBEDDINGS_MODEL || !env.EMBEDDINGS_DIMENSIONS)) {
    throw new ConfigurationError(
      'Invalid configuration: EMBEDDINGS_BASE_URL needs EMBEDDINGS_MODEL and EMBEDDINGS_DIMENSIONS',
    );
  }
  if (env.RERANKER_URL && !env.RERANKER_MODEL) {
    throw new ConfigurationError('Invalid configuration: RERANKER_URL needs RERANKER_MODEL');
  }
  for (const secret of ['JWT_SECRET', 'SESSION_SECRET', 'MODEL_SECRETS_KEY'] as const) {
    if (production && !env[secret]) {
      throw new ConfigurationError(`Invalid configuration: ${secret} is required when NODE_ENV=production`);
    }
  }
  return {
    environment: env.NODE_ENV,
    http: { host: env.HOST, port: env.PORT, bodyLimitBytes: env.BODY_LIMIT, trustProxy: env.TRUST_PROXY },
    dataDir,
    database: (env.DATABASE_URL
      ? { kind: 'postgresql', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') }) satisfies DatabaseConfig as DatabaseConfig,
    auth: {
      jwtSecret: env.JWT_SECRET ?? readOrCreateSecret(resolve(dataDir, 'secrets', 'jwt-secret')),
      /** Signs the web session cookie that the Remix server sets and the socket gateway reads. */
      sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(resolve(dataDir, 'secrets', 'session-secret')),
      secureCookies: production,
      accessTokenTtlMs: env.ACCESS_TOKEN_TTL,
      refreshTokenTtlMs: env.REFRESH_TOKEN_TTL,
      rememberMeTtlMs: env.REMEMBER_ME_TTL,
      demoMode: demoModeOf(env.DEMO_MODE, production),
      rateLimits: {
        loginPerIp: { limit: env.LOGIN_RATE_LIMIT_PER_IP, windowMs: 60_000 },
        loginPerAccount: { freeFailures: env.LOGIN_RATE_LIMIT_PER_ACCOUNT, maxDelayMs: env.LOGIN_DELAY_MAX },
        registerPerIp: { limit: env.REGISTER_RATE_LIMIT_PER_IP, windowMs: 60 * 60_000 },
      },
    },
    /** Where embeddings come from; with neither an endpoint nor a local model, search is keyword-only. */
    embeddings: {
      /** An OpenAI-compatible embeddings endpoint. */
      endpoint:
        env.EMBEDDINGS_BASE_URL && env.EMBEDDINGS_MODEL && env.EMBEDDINGS_DIMENSIONS
          ? {
              baseUrl: env.EMBEDDINGS_BASE_URL,
              model: env.EMBEDDINGS_MODEL,
              dimensions: env.EMBEDDINGS_DIMENSIONS,
              apiKey: env.EMBEDDINGS_API_KEY,
              batchSize: env.EMBEDDINGS_BATCH_SIZE ?? DEFAULT_ENDPOINT_BATCH_SIZE,
            }
          : null,
      /** A sentence-embedding model folder run in-process. */
      localModel: embeddingsModelPath
        ? { modelPath: embeddingsModelPath, batchSize: env.EMBEDDINGS_BATCH_SIZE ?? DEFAULT_LOCAL_BATCH_SIZE }
        : null,
    },
    /** A cross-encoder that reorders the best hits of a search; with neither, they keep their retrieval order. */
    reranker: {
      /** A rerank endpoint in the Cohere, Jina and vLLM wire format. */
      endpoint: env.RERANKER_URL
        ? {
            baseUrl: env.RERANKER_URL,
            model: env.RERANKER_MODEL!,
            apiKey: env.RERANKER_API_KEY,
            timeoutMs: env.RERANKER_TIMEOUT,
          }
        : null,
      /** A cross-encoder model folder run in-process. */
      localModel: rerankerModelPath
        ? {
            modelPath: rerankerModelPath,
            batchSize: env.RERANKER_BATCH_SIZE ?? DEFAULT_LOCAL_RERANKER_BATCH_SIZE,
            timeoutMs: env.RERANKER_TIMEOUT,
          }
        : null,
    },
    models: {
      /** Derives the key that encrypts provider API keys; losing it makes the stored keys unreadable. */
      secretsKey: env.MODEL_SECRETS_KEY ?? readOrCreateSecret(resolve(dataDir, 'secrets', 'model-secrets-key')),
      callTimeoutMs: env.MODEL_CALL_TIMEOUT,
    },
    metrics: {
      scrapeToken: env.METRICS_SCRAPE_TOKEN ?? null,
      flushIntervalMs: env.METRICS_FLUSH_INTERVAL,
    },
    web: {
      frontendDir: resolve(PROJECT_ROOT, 'frontend'),
      dev: env.WEB_DEV,
    },
    /** Taken out of the paths in stack traces the web app shows. */
    projectRoot: PROJECT_ROOT,
    logLevel: env.LOG_LEVEL,
    pluginsDir,
  };
}

function demoModeOf(explicit: boolean | undefined, production: boolean): DemoMode {
  if (explicit === undefined) return production ? 'off' : 'loopback';
  return explicit ? 'anywhere' : 'off';
}

/** Development convenience: a secret generated once per data directory, so sessions survive restarts. */
function readOrCreateSecret(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, secret, { mode: 0o600 });
    return secret;
  }
}
