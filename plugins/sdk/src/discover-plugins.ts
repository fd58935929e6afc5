import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { ModelProviderPlugin } from './model-provider-plugin.js';
import {
  modelProviderPluginSchema,
  pluginManifestSchema,
  toolPluginSchema,
  type PackageExports,
  type PluginManifest,
} from './plugin-schemas.js';
import type { ToolPlugin } from './tool-plugin.js';

export interface DiscoverPluginsOptions {
  /**
   * Import a package's "source" export condition when it has one. Only for hosts
   * that can load TypeScript directly, such as the test runner.
   */
  preferSource?: boolean;
}

export interface PluginFailure {
  /** The package.json name, or the folder name when that cannot be read. */
  packageName: string;
  message: string;
}

export interface DiscoveredPlugins {
  tools: ToolPlugin[];
  providers: ModelProviderPlugin[];
  failures: PluginFailure[];
}

type LoadedPluginPackage = { packageName: string } & (
  { kind: 'tool'; plugins: ToolPlugin[] } | { kind: 'model-provider'; plugins: ModelProviderPlugin[] }
);

class PluginPackageError extends Error {
  constructor(
    readonly packageName: string,
    detail: string,
  ) {
    super(`Plugin package "${packageName}": ${detail}`);
  }
}

/**
 * Loads every plugin package in the immediate subfolders of `pluginsDirectory`.
 * A broken package becomes a failure and never stops the others; when two plugins
 * share a tool name or provider id, the one in the alphabetically first folder wins.
 */
export async function discoverPlugins(
  pluginsDirectory: string,
  options: DiscoverPluginsOptions = {},
): Promise<DiscoveredPlugins> {
  const discovered: DiscoveredPlugins = { tools: [], providers: [], failures: [] };
  const toolOwners = new Map<string, string>();
  const providerOwners = new Map<string, string>();
  // Sorted so that which duplicate wins does not depend on the file system.
  const folderNames = (await readdir(pluginsDirectory)).sort();

  for (const folderName of folderNames) {
    let loaded: LoadedPluginPackage | undefined;
    try {
      loaded = await loadPluginPackage(join(pluginsDirectory, folderName), folderName, options);
    } catch (error) {
      const packageName = error instanceof PluginPackageError ? error.packageName : folderName;
      discovered.failures.push({ packageName, message: errorMessage(error) });
      continue;
    }
    if (loaded === undefined) continue;

    const { packageName } = loaded;
    const rejectDuplicate = (description: string, owner: string): void => {
      const message = `Plugin package "${packageName}": ${description} is already provided by "${owner}"; ignored`;
      discovered.failures.push({ packageName, message });
    };
    if (loaded.kind === 'tool') {
      for (const tool of loaded.plugins) {
        const owner = toolOwners.get(tool.name);
        if (owner === undefined) {
          toolOwners.set(tool.name, packageName);
          discovered.tools.push(tool);
        } else {
          rejectDuplicate(`tool "${tool.name}"`, owner);
        }
      }
    } else {
      for (const provider of loaded.plugins) {
        const owner = providerOwners.get(provider.id);
        if (owner === undefined) {
          providerOwners.set(provider.id, packageName);
          discovered.providers.push(provider);
        } else {
          rejectDuplicate(`model provider "${provider.id}"`, owner);
        }
      }
    }
  }
  return discovered;
}

/** Returns undefined for a folder that is not a plugin package. */
async function loadPluginPackage(
  packageDirectory: string,
  folderName: string,
  options: DiscoverPluginsOptions,
): Promise<LoadedPluginPackage | undefined> {
  const packageJson = await readPackageJson(packageDirectory, folderName);
  if (typeof packageJson !== 'object' || packageJson === null || !('docent' in packageJson)) return undefined;

  const parsedManifest = pluginManifestSchema.safeParse(packageJson);
  if (!parsedManifest.success) {
    const name = 'name' in packageJson && typeof packageJson.name === 'string' ? packageJson.name : folderName;
    throw new PluginPackageError(name, `invalid package.json:\n${z.prettifyError(parsedManifest.error)}`);
  }
  const manifest = parsedManifest.data;
  const packageName = manifest.name;

  const entry = resolveEntry(manifest, options.preferSource ?? false);
  if (entry === undefined) {
    throw new PluginPackageError(
      packageName,
      'package.json names no entry point; add exports["."] with an "import" or "default" condition, or "main"',
    );
  }

  let pluginModule: Record<string, unknown>;
  try {
    pluginModule = (await import(pathToFileURL(resolve(packageDirectory, entry)).href)) as Record<string, unknown>;
  } catch (error) {
    throw new PluginPackageError(packageName, `failed to import ${entry}: ${errorMessage(error)}`);
  }
  if (!('default' in pluginModule)) {
    throw new PluginPackageError(packageName, `${entry} has no default export`);
  }
  const defaultExport = pluginModule.default;

  if (manifest.docent.kind === 'tool') {
    const isArray = Array.isArray(defaultExport);
    const schema = isArray ? z.array(toolPluginSchema).min(1, 'Expected at least one tool') : toolPluginSchema;
    assertShape(schema, defaultExport, packageName, 'a tool plugin or an array of them');
    const tools = (isArray ? defaultExport : [defaultExport]) as ToolPlugin[];
    return { packageName, kind: 'tool', plugins: tools };
  }
  assertShape(modelProviderPluginSchema, defaultExport, packageName, 'a model-provider plugin');
  return { packageName, kind: 'model-provider', plugins: [defaultExport as ModelProviderPlugin] };
}

async function readPackageJson(packageDirectory: string, folderName: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(join(packageDirectory, 'package.json'), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Plain files and folders without a package.json are not packages.
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new PluginPackageError(folderName, `cannot read package.json: ${errorMessage(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PluginPackageError(folderName, `package.json is not valid JSON: ${errorMessage(error)}`);
  }
}

function resolveEntry(manifest: PluginManifest, preferSource: boolean): string | undefined {
  const conditions = preferSource ? ['source', 'import', 'default'] : ['import', 'default'];
  return (
    (manifest.exports === undefined ? undefined : pickTarget(rootExport(manifest.exports), conditions)) ?? manifest.main
  );
}

/** `exports` either maps subpaths ("." and others) or is itself the "." target. */
function rootExport(packageExports: PackageExports): PackageExports | undefined {
  if (typeof packageExports !== 'object' || packageExports === null) return packageExports;
  const mapsSubpaths = Object.keys(packageExports).some((key) => key.startsWith('.'));
  return mapsSubpaths ? packageExports['.'] : packageExports;
}

function pickTarget(target: PackageExports | undefined, conditions: readonly string[]): string | undefined {
  if (typeof target === 'string') return target;
  if (target === undefined || target === null) return undefined;
  for (const condition of conditions) {
    const picked = pickTarget(target[condition], conditions);
    if (picked !== undefined) return picked;
  }
  return undefined;
}

function assertShape(schema: z.ZodType, value: unknown, packageName: string, expected: string): void {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new PluginPackageError(
      packageName,
      `the default export is not ${expected}:\n${z.prettifyError(parsed.error)}`,
    );
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
