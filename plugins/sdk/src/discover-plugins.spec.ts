import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { discoverPlugins } from './discover-plugins.js';

const TOOL_SOURCE = (name: string) => `
export default {
  name: '${name}',
  category: 'text',
  description: 'Repeats its input',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  readOnly: true,
  destructive: false,
  idempotent: true,
  async execute(input) { return { result: input.text }; },
};
`;

const PROVIDER_SOURCE = (id: string) => `
export default {
  id: '${id}',
  displayName: 'Canned',
  requiresApiKey: false,
  models: [{
    id: 'canned-1',
    name: 'Canned 1',
    contextWindow: 4096,
    pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
    capabilities: ['chat'],
  }],
  async chat() { return { text: 'hello', usage: { inputTokens: 1, outputTokens: 1 }, finishReason: 'stop' }; },
  async healthCheck() { return { healthy: true }; },
};
`;

describe('discoverPlugins', () => {
  let pluginsDirectory: string;

  beforeEach(async () => {
    pluginsDirectory = await mkdtemp(join(tmpdir(), 'docent-plugins-'));
  });

  afterEach(async () => {
    await rm(pluginsDirectory, { recursive: true, force: true });
  });

  async function writePackage(
    folderName: string,
    packageJson: Record<string, unknown>,
    files: Record<string, string> = {},
  ): Promise<void> {
    const packageDirectory = join(pluginsDirectory, folderName);
    await mkdir(packageDirectory);
    await writeFile(join(packageDirectory, 'package.json'), JSON.stringify({ type: 'module', ...packageJson }));
    for (const [fileName, content] of Object.entries(files)) {
      await writeFile(join(packageDirectory, fileName), content);
    }
  }

  const toolPackage = (name: string, toolName: string) =>
    writePackage(
      name,
      { name, docent: { kind: 'tool' }, exports: { '.': './index.js' } },
      { 'index.js': TOOL_SOURCE(toolName) },
    );

  const providerPackage = (name: string, providerId: string) =>
    writePackage(
      name,
      { name, docent: { kind: 'model-provider' }, main: 'index.js' },
      { 'index.js': PROVIDER_SOURCE(providerId) },
    );

  it('discovers a tool plugin and a model-provider plugin', async () => {
    await toolPackage('echo-tool', 'echo');
    await providerPackage('canned-provider', 'canned');

    const { tools, providers, failures } = await discoverPlugins(pluginsDirectory);

    expect(failures).toEqual([]);
    expect(tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(providers.map((provider) => provider.id)).toEqual(['canned']);
    await expect(tools[0]!.execute!({ text: 'hi' }, undefined as never)).resolves.toEqual({ result: 'hi' });
  });

  it('loads every tool of a package whose default export is an array', async () => {
    await writePackage(
      'text-tools',
      { name: 'text-tools', docent: { kind: 'tool' }, main: 'index.js' },
      {
        'index.js': `import first from './first.js'; import second from './second.js'; export default [first, second];`,
        'first.js': TOOL_SOURCE('first'),
        'second.js': TOOL_SOURCE('second'),
      },
    );

    const { tools, failures } = await discoverPlugins(pluginsDirectory);

    expect(failures).toEqual([]);
    expect(tools.map((tool) => tool.name)).toEqual(['first', 'second']);
  });

  it('loads a coming-soon tool declared as data, and refuses code on it or a ready tool without code', async () => {
    const declared = (name: string, extra: string) => `
      export default {
        name: '${name}', category: 'web', description: 'Not yet',
        inputSchema: { type: 'object' }, readOnly: true, destructive: false, idempotent: true, ${extra}
      };`;
    await writePackage(
      'a-coming-soon',
      { name: 'coming-soon', docent: { kind: 'tool' }, main: 'index.js' },
      { 'index.js': declared('web_scraper', "status: 'coming-soon'") },
    );
    await writePackage(
      'b-pretends',
      { name: 'pretends', docent: { kind: 'tool' }, main: 'index.js' },
      { 'index.js': declared('email_send', "status: 'coming-soon', async execute() { return { result: 'sent' }; }") },
    );
    await writePackage(
      'c-cannot-run',
      { name: 'cannot-run', docent: { kind: 'tool' }, main: 'index.js' },
      { 'index.js': declared('calendar', '') },
    );

    const { tools, failures } = await discoverPlugins(pluginsDirectory);

    expect(tools.map((tool) => [tool.name, tool.status, tool.execute])).toEqual([
      ['web_scraper', 'coming-soon', undefined],
    ]);
    expect(failures.map((failure) => failure.packageName)).toEqual(['pretends', 'cannot-run']);
    for (const failure of failures) {
      expect(failure.message).toContain('A ready tool needs execute(); a coming-soon tool has none');
    }
  });

  it('ignores folders that are not plugin packages', async () => {
    await writePackage(
      'sdk',
      { name: '@docent/plugin-sdk', main: 'index.js' },
      { 'index.js': 'throw new Error("imported");' },
    );
    await mkdir(join(pluginsDirectory, 'empty-folder'));
    await writeFile(join(pluginsDirectory, 'notes.txt'), 'not a package');

    await expect(discoverPlugins(pluginsDirectory)).resolves.toEqual({ tools: [], providers: [], failures: [] });
  });

  it('reports broken packages as failures and still loads the others', async () => {
    await writePackage(
      'a-throws',
      { name: 'throws-on-import', docent: { kind: 'tool' }, main: 'index.js' },
      { 'index.js': 'throw new Error("boom");' },
    );
    await writePackage(
      'b-wrong-shape',
      { name: 'wrong-shape', docent: { kind: 'tool' }, main: 'index.js' },
      { 'index.js': `export default { name: 'no execute', category: 'text' };` },
    );
    await writePackage('c-bad-manifest', { name: 'bad-manifest', docent: { kind: 'widget' }, main: 'index.js' });
    await writePackage('d-no-entry', { name: 'no-entry', docent: { kind: 'model-provider' } });
    await toolPackage('e-echo-tool', 'echo');

    const { tools, failures } = await discoverPlugins(pluginsDirectory);

    expect(tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(failures.map((failure) => failure.packageName)).toEqual([
      'throws-on-import',
      'wrong-shape',
      'bad-manifest',
      'no-entry',
    ]);
    expect(failures[0]!.message).toMatch(/^Plugin package "throws-on-import": failed to import index\.js: boom/);
    expect(failures[1]!.message).toMatch(/^Plugin package "wrong-shape": the default export is not a tool plugin/);
    expect(failures[1]!.message).toContain('execute');
    expect(failures[1]!.message).toContain('Expected 1-64 letters');
    expect(failures[2]!.message).toMatch(/^Plugin package "bad-manifest": invalid package\.json/);
    expect(failures[2]!.message).toContain('docent.kind');
    expect(failures[3]!.message).toMatch(/^Plugin package "no-entry": package\.json names no entry point/);
  });

  it('keeps the first of two plugins with the same tool name or provider id', async () => {
    await toolPackage('a-echo', 'echo');
    await toolPackage('b-echo-again', 'echo');
    await providerPackage('c-canned', 'canned');
    await providerPackage('d-canned-again', 'canned');

    const { tools, providers, failures } = await discoverPlugins(pluginsDirectory);

    expect(tools).toHaveLength(1);
    expect(providers).toHaveLength(1);
    expect(failures).toEqual([
      {
        packageName: 'b-echo-again',
        message: 'Plugin package "b-echo-again": tool "echo" is already provided by "a-echo"; ignored',
      },
      {
        packageName: 'd-canned-again',
        message: 'Plugin package "d-canned-again": model provider "canned" is already provided by "c-canned"; ignored',
      },
    ]);
  });

  it('imports the "source" condition only when asked to', async () => {
    await writePackage(
      'echo-tool',
      {
        name: 'echo-tool',
        docent: { kind: 'tool' },
        exports: { '.': { source: './source.js', default: './built.js' } },
      },
      { 'source.js': TOOL_SOURCE('from_source'), 'built.js': TOOL_SOURCE('from_build') },
    );

    const built = await discoverPlugins(pluginsDirectory);
    const source = await discoverPlugins(pluginsDirectory, { preferSource: true });

    expect(built.tools.map((tool) => tool.name)).toEqual(['from_build']);
    expect(source.tools.map((tool) => tool.name)).toEqual(['from_source']);
  });
});
