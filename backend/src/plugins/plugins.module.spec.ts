import { fileURLToPath } from 'node:url';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { PluginContext } from '@docent/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PLUGINS_DIRECTORY, PluginRegistry } from './plugin-registry.js';
import { PluginsModule } from './plugins.module.js';
import { STARTUP_TIMEOUT_MS } from '../testing/test-app.js';

const FIXTURE_PLUGINS_DIRECTORY = fileURLToPath(new URL('./__fixtures__/plugins/', import.meta.url));

/** Stands in for the global configuration module that provides the directory in the app. */
@Global()
@Module({
  providers: [{ provide: PLUGINS_DIRECTORY, useValue: FIXTURE_PLUGINS_DIRECTORY }],
  exports: [PLUGINS_DIRECTORY],
})
class FixtureConfigModule {}

const context: PluginContext = {
  logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  config: {},
  search: { search: async () => [] },
  router: {
    route: async () => ({ text: '', usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'stop' }),
    explain: async () => ({ chosen: null, reason: 'No model is configured', candidates: [] }),
  },
};

describe('PluginsModule', () => {
  let moduleRef: TestingModule;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({ imports: [FixtureConfigModule, PluginsModule] }).compile();
    await moduleRef.init();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await moduleRef.close();
  });

  it('registers a plugin folder it has never heard of and runs its tool', async () => {
    const registry = moduleRef.get(PluginRegistry);

    expect(registry.listTools().map((tool) => tool.name)).toEqual(['echo']);
    expect(registry.listProviders()).toEqual([]);
    await expect(registry.getTool('echo')!.execute!({ text: 'hello' }, context)).resolves.toEqual({
      result: 'hello',
      metadata: { length: 5 },
    });
  });

  it('answers undefined for names no plugin provides', () => {
    const registry = moduleRef.get(PluginRegistry);

    expect(registry.getTool('missing')).toBeUndefined();
    expect(registry.getProvider('missing')).toBeUndefined();
  });
});
