import { Logger } from '@nestjs/common';
import type { PluginContext, PluginLogger, ProviderSettings } from '@docent/plugin-sdk';
import type { CatalogProvider } from '../read-model/model-catalog.js';
import type { ProviderSecrets } from '../secrets/provider-secrets.js';

/**
 * Model providers are called by the router: they answer from the messages they are
 * given and have no reason to search or to route in turn (which could loop), so the
 * context they receive refuses both.
 */
const PROVIDERS_DO_NOT_SEARCH = 'Model providers are given their passages in the messages; they cannot search';
const PROVIDERS_DO_NOT_ROUTE = 'Model providers are called by the router; they cannot route requests themselves';

/** The context of one call to a provider: its endpoint and its key, decrypted for this call only. */
export function providerContext(provider: CatalogProvider, secrets: ProviderSecrets): PluginContext<ProviderSettings> {
  const apiKey = decryptedKey(provider, secrets);
  return contextFor(provider.plugin.id, {
    ...(provider.configuredEndpoint !== null && { baseURL: provider.configuredEndpoint }),
    ...(apiKey !== undefined && { apiKey }),
  });
}

export function decryptedKey(provider: CatalogProvider, secrets: ProviderSecrets): string | undefined {
  if (provider.apiKey === null) return undefined;
  try {
    return secrets.decrypt(provider.apiKey.encrypted);
  } catch {
    throw new Error(
      `The stored API key of ${provider.name} cannot be decrypted: MODEL_SECRETS_KEY has changed since it was set. Set the key again.`,
    );
  }
}

export function contextFor(pluginId: string, config: ProviderSettings): PluginContext<ProviderSettings> {
  return {
    logger: pluginLogger(pluginId),
    config: Object.freeze(config),
    search: {
      search: () => Promise.reject(new Error(PROVIDERS_DO_NOT_SEARCH)),
    },
    router: {
      route: () => Promise.reject(new Error(PROVIDERS_DO_NOT_ROUTE)),
      explain: () => Promise.reject(new Error(PROVIDERS_DO_NOT_ROUTE)),
    },
  };
}

export function pluginLogger(pluginId: string): PluginLogger {
  const logger = new Logger(`plugin:${pluginId}`);
  const line = (message: string, details?: Readonly<Record<string, unknown>>) =>
    details ? `${message} ${JSON.stringify(details)}` : message;
  return {
    debug: (message, details) => logger.debug(line(message, details)),
    info: (message, details) => logger.log(line(message, details)),
    warn: (message, details) => logger.warn(line(message, details)),
    error: (message, details) => logger.error(line(message, details)),
  };
}
