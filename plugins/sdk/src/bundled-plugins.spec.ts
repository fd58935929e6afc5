import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { discoverPlugins } from './discover-plugins.js';

const PLUGINS_DIRECTORY = resolve(import.meta.dirname, '../..');

describe('the plugins that ship with Docent', () => {
  it('are all discovered, with no failures', async () => {
    const { providers, failures } = await discoverPlugins(PLUGINS_DIRECTORY, { preferSource: true });

    expect(failures).toEqual([]);
    expect(providers.map((provider) => provider.id)).toEqual(
      expect.arrayContaining(['anthropic', 'google', 'local', 'openai']),
    );
  });
});
