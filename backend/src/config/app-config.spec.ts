import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';

const base = {
  DATA_DIR: mkdtempSync(join(tmpdir(), 'docent-config-')),
  PLUGINS_DIR: resolve(import.meta.dirname, '../../../plugins'),
};

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig(base);
    expect(config.http.port).toBe(3000);
    expect(config.http.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: join(base.DATA_DIR, 'pglite') });
    expect(config.auth.accessTokenTtlMs).toBe(3_600_000);
    expect(config.auth.rememberMeTtlMs).toBe(30 * 86_400_000);
    expect(config.auth.demoMode).toBe('loopback');
    expect(config.http.bodyLimitBytes).toBe(1024 * 1024);
    expect(config.http.trustProxy).toBe(false);
    expect(config.auth.rateLimits.loginPerAccount).toEqual({ freeFailures: 5, maxDelayMs: 15 * 60_000 });
  });

  it.each([
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.0.2.10, fd00::/8', ['10.0.0.0/8', '192.0.2.10', 'fd00::/8']],
  ])('trusts the proxies TRUST_PROXY=%s names', (value, trusted) => {
    expect(loadConfig({ ...base, TRUST_PROXY: value }).http.trustProxy).toEqual(trusted);
  });

  it('keeps the generated development secrets across starts', () => {
    expect(loadConfig(base).auth.jwtSecret).toBe(loadConfig(base).auth.jwtSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
    [{ ACCESS_TOKEN_TTL: 'soon' }, 'ACCESS_TOKEN_TTL'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PLUGINS_DIR: '/no/such/folder' }, 'PLUGINS_DIR'],
    [{ EMBEDDINGS_MODEL_PATH: '/no/such/model' }, 'EMBEDDINGS_MODEL_PATH /no/such/model'],
    [{ EMBEDDINGS_BATCH_SIZE: '0' }, 'EMBEDDINGS_BATCH_SIZE'],
    [{ RERANKER_MODEL_PATH: '/no/such/model' }, 'RERANKER_MODEL_PATH /no/such/model'],
    [{ RERANKER_BATCH_SIZE: '0' }, 'RERANKER_BATCH_SIZE'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
    [{ LOGIN_DELAY_MAX: 'forever' }, 'LOGIN_DELAY_MAX'],
  ])('stops on %o with a message naming %s', (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`Invalid configuration: .*${variable}`));
  });

  it('requires real secrets and turns demo mode off in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    const secrets = { JWT_SECRET: 'j'.repeat(32), SESSION_SECRET: 's'.repeat(32), MODEL_SECRETS_KEY: 'm'.repeat(32) };
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(32), SESSION_SECRET: 's'.repeat(32) }),
    ).toThrow(/MODEL_SECRETS_KEY is required/);
    const production = loadConfig({ ...base, NODE_ENV: 'production', ...secrets });
    expect(production.auth.demoMode).toBe('off');
    expect(loadConfig({ ...base, NODE_ENV: 'production', ...secrets, DEMO_MODE: 'true' }).auth.demoMode).toBe(
      'anywhere',
    );
  });

  it('offers the demo from loopback by default, to everyone only when DEMO_MODE=true says so, and to nobody when false', () => {
    expect(loadConfig(base).auth.demoMode).toBe('loopback');
    expect(loadConfig({ ...base, DEMO_MODE: 'true' }).auth.demoMode).toBe('anywhere');
    expect(loadConfig({ ...base, DEMO_MODE: 'false' }).auth.demoMode).toBe('off');
  });

  it('listens on every interface only when HOST says so', () => {
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).http.host).toBe('0.0.0.0');
  });

  it('configures an embeddings endpoint only with its model and dimensions', () => {
    expect(loadConfig(base).embeddings).toEqual({ endpoint: null, localModel: null });
    expect(() => loadConfig({ ...base, EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/EMBEDDINGS_MODEL/);
    expect(
      loadConfig({
        ...base,
        EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1',
        EMBEDDINGS_MODEL: 'nomic-embed-text',
        EMBEDDINGS_DIMENSIONS: '768',
      }).embeddings.endpoint,
    ).toMatchObject({
      baseUrl: 'http://localhost:11434/v1',
      model: 'nomic-embed-text',
      dimensions: 768,
      batchSize: 64,
    });
  });

  it('configures no reranker by default, and a rerank endpoint only with its model', () => {
    expect(loadConfig(base).reranker).toEqual({ endpoint: null, localModel: null });
    expect(() => loadConfig({ ...base, RERANKER_URL: 'http://localhost:8000/v1' })).toThrow(/RERANKER_MODEL/);
    expect(
      loadConfig({ ...base, RERANKER_URL: 'http://localhost:8000/v1', RERANKER_MODEL: 'bge-reranker-v2-m3' }).reranker
        .endpoint,
    ).toEqual({
      baseUrl: 'http://localhost:8000/v1',
      model: 'bge-reranker-v2-m3',
      apiKey: undefined,
      timeoutMs: 10_000,
    });
  });

  it('configures a local reranker model folder, resolved, with small batches unless told otherwise', () => {
    const modelFolder = mkdtempSync(join(tmpdir(), 'docent-reranker-'));

    expect(loadConfig({ ...base, RERANKER_MODEL_PATH: relative(process.cwd(), modelFolder) }).reranker).toEqual({
      endpoint: null,
      localModel: { modelPath: modelFolder, batchSize: 8, timeoutMs: 10_000 },
    });
    expect(
      loadConfig({ ...base, RERANKER_MODEL_PATH: modelFolder, RERANKER_BATCH_SIZE: '16', RERANKER_TIMEOUT: '30s' })
        .reranker.localModel,
    ).toEqual({ modelPath: modelFolder, batchSize: 16, timeoutMs: 30_000 });
  });

  it('configures a local embedding model folder, resolved, with smaller batches unless told otherwise', () => {
    const modelFolder = mkdtempSync(join(tmpdir(), 'docent-model-'));
    const relativeToCwd = relative(process.cwd(), modelFolder);

    expect(loadConfig({ ...base, EMBEDDINGS_MODEL_PATH: relativeToCwd }).embeddings.localModel).toEqual({
      modelPath: modelFolder,
      batchSize: 32,
    });
    expect(
      loadConfig({ ...base, EMBEDDINGS_MODEL_PATH: modelFolder, EMBEDDINGS_BATCH_SIZE: '8' }).embeddings.localModel,
    ).toEqual({
      modelPath: modelFolder,
      batchSize: 8,
    });
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://docent:pw@db:5432/docent' }).database).toEqual({
      kind: 'postgresql',
      url: 'postgres://docent:pw@db:5432/docent',
    });
  });
});
