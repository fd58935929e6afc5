import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EventBus, ofType } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import {
  DEFAULT_MODEL_CONFIGURATION,
  UNLIMITED_MODEL_LIMITS,
  type ModelConfiguration,
  type ModelLimits,
  type ModelStatus,
  type RoutingConfiguration,
  type SettableModelStatus,
} from '@docent/common/models';
import type { ModelInfo, ModelPricing, ModelProviderPlugin } from '@docent/plugin-sdk';
import { filter, type Subscription } from 'rxjs';
import { DomainError } from '../../common/domain-error.js';
import { RecordedDomainEvent } from '../../event-store/recorded-domain-event.js';
import { PluginRegistry } from '../../plugins/plugin-registry.js';
import type { ModelHealth } from '../domain/model.decider.js';
import { initialRoutingState } from '../domain/model-routing.decider.js';
import { modelIdOf, type StoredApiKey } from '../domain/model.events.js';

/** A provider as the router and the API see it: the plugin that speaks to it and the administrator's settings. */
export interface CatalogProvider {
  id: string;
  name: string;
  plugin: ModelProviderPlugin;
  /** Added with 'Add Provider', rather than installed as a plugin. */
  custom: boolean;
  /** Where calls go: the administrator's endpoint, else the plugin's default; null when neither is set. */
  endpoint: string | null;
  /** The administrator's endpoint, which is what calls pass on to the plugin. */
  configuredEndpoint: string | null;
  apiKey: StoredApiKey | null;
  requiresApiKey: boolean;
  models: readonly ModelInfo[];
  /** The position of its last configuration: health tests before it no longer count. */
  configuredPosition: number;
}

export interface CatalogModel {
  id: string;
  /** The id the provider's API expects. */
  providerModelId: string;
  info: ModelInfo;
  provider: CatalogProvider;
  configuration: ModelConfiguration;
  limits: ModelLimits;
  status: ModelStatus;
  statusReason: string | null;
}

interface ModelSettingsRow {
  model_id: string;
  configuration: ModelConfiguration | null;
  limits: ModelLimits | null;
  admin_status: SettableModelStatus;
  health: ModelHealth;
  health_reason: string | null;
  tested_position: string | number;
}

interface ProviderRow {
  id: string;
  plugin_id: string;
  name: string | null;
  custom: boolean;
  endpoint: string | null;
  encrypted_api_key: string | null;
  masked_api_key: string | null;
  models: ModelInfo[];
  configured_position: string | number;
}

interface RoutingRow {
  primary_model_id: string | null;
  fallback_model_id: string | null;
  cost_optimized_model_id: string | null;
  auto_routing: boolean;
}

interface Snapshot {
  providers: Map<string, CatalogProvider>;
  models: Map<string, CatalogModel>;
  routing: RoutingConfiguration;
}

/** The events that change what the catalog holds; calls (ModelInvoked) do not. */
const CATALOG_EVENTS = new Set([
  'ProviderConfigured',
  'ProviderApiKeyCleared',
  'ProviderAdded',
  'ProviderRemoved',
  'ModelConfigured',
  'ModelLimitsChanged',
  'ModelStatusChanged',
  'ModelTested',
  'RoutingConfigured',
]);

export const MODEL_NOT_FOUND = 'Model not found';

/** The spec's "cost per 1K": the mean of the input and output prices. */
export function costPerThousand(pricing: ModelPricing): number {
  return (pricing.inputPer1kTokens + pricing.outputPer1kTokens) / 2;
}

/**
 * Every model the installed providers offer, with its settings and status, held in
 * memory so that routing a call reads no table. Reloaded after any committed change.
 */
@Injectable()
export class ModelCatalog implements OnModuleInit, OnModuleDestroy {
  private snapshot?: Promise<Snapshot>;
  private subscription?: Subscription;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly plugins: PluginRegistry,
    private readonly eventBus: EventBus,
  ) {}

  onModuleInit(): void {
    this.subscription = this.eventBus
      .pipe(
        ofType(RecordedDomainEvent),
        filter(({ event }) => CATALOG_EVENTS.has(event.type)),
      )
      .subscribe(() => {
        this.snapshot = undefined;
      });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  async models(): Promise<CatalogModel[]> {
    return [...(await this.load()).models.values()];
  }

  async findModel(modelId: string): Promise<CatalogModel | undefined> {
    return (await this.load()).models.get(modelId);
  }

  async model(modelId: string): Promise<CatalogModel> {
    const model = await this.findModel(modelId);
    if (!model) throw new DomainError('not-found', MODEL_NOT_FOUND);
    return model;
  }

  async providers(): Promise<CatalogProvider[]> {
    return [...(await this.load()).providers.values()];
  }

  async findProvider(providerId: string): Promise<CatalogProvider | undefined> {
    return (await this.load()).providers.get(providerId);
  }

  async routing(): Promise<RoutingConfiguration> {
    return (await this.load()).routing;
  }

  private load(): Promise<Snapshot> {
    if (!this.snapshot) {
      const loading = this.read();
      this.snapshot = loading;
      // A failed read is not kept: the next caller tries again.
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = undefined;
      });
    }
    return this.snapshot;
  }

  private async read(): Promise<Snapshot> {
    const em = this.orm.em.fork();
    const [providerRows, settingsRows, [routingRow]] = await Promise.all([
      em.execute<ProviderRow[]>('select * from model_providers order by id'),
      em.execute<ModelSettingsRow[]>('select * from model_settings'),
      em.execute<RoutingRow[]>('select * from model_routing'),
    ]);
    const providers = this.providersFrom(providerRows.map((row) => ({ ...row, models: parseJson(row.models) })));
    const settings = new Map(
      settingsRows.map((row) => [
        row.model_id,
        { ...row, configuration: parseJson(row.configuration), limits: parseJson(row.limits) },
      ]),
    );
    const models = new Map<string, CatalogModel>();
    for (const provider of providers.values()) {
      for (const info of provider.models) {
        const id = modelIdOf(provider.id, info.id);
        models.set(id, toCatalogModel(id, info, provider, settings.get(id)));
      }
    }
    const routing = routingRow
      ? {
          primaryModelId: routingRow.primary_model_id,
          fallbackModelId: routingRow.fallback_model_id,
          costOptimizedModelId: routingRow.cost_optimized_model_id,
          autoRouting: routingRow.auto_routing,
        }
      : initialRoutingState();
    return { providers, models, routing };
  }

  private providersFrom(rows: ProviderRow[]): Map<string, CatalogProvider> {
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    const providers = new Map<string, CatalogProvider>();
    for (const plugin of this.plugins.listProviders()) {
      const row = rowsById.get(plugin.id);
      providers.set(plugin.id, {
        id: plugin.id,
        name: plugin.displayName,
        plugin,
        custom: false,
        endpoint: row?.endpoint ?? plugin.defaultBaseURL ?? null,
        configuredEndpoint: row?.endpoint ?? null,
        apiKey: storedKeyOf(row),
        requiresApiKey: plugin.requiresApiKey,
        models: plugin.models,
        configuredPosition: Number(row?.configured_position ?? 0),
      });
    }
    for (const row of rows.filter((candidate) => candidate.custom)) {
      const plugin = this.plugins.getProvider(row.plugin_id);
      // Its plugin was uninstalled since: nothing can speak to it until it is back.
      if (!plugin || providers.has(row.id)) continue;
      providers.set(row.id, {
        id: row.id,
        name: row.name ?? row.id,
        plugin,
        custom: true,
        endpoint: row.endpoint,
        configuredEndpoint: row.endpoint,
        apiKey: storedKeyOf(row),
        requiresApiKey: false,
        models: row.models,
        configuredPosition: Number(row.configured_position),
      });
    }
    return providers;
  }
}

function toCatalogModel(
  id: string,
  info: ModelInfo,
  provider: CatalogProvider,
  settings: ModelSettingsRow | undefined,
): CatalogModel {
  return {
    id,
    providerModelId: info.id,
    info,
    provider,
    configuration: { ...DEFAULT_MODEL_CONFIGURATION, ...settings?.configuration },
    limits: { ...UNLIMITED_MODEL_LIMITS, ...settings?.limits },
    ...modelStatus({
      adminStatus: settings?.admin_status ?? 'active',
      providerName: provider.name,
      keyMissing: provider.requiresApiKey && provider.apiKey === null,
      health: settings && Number(settings.tested_position) > provider.configuredPosition ? settings.health : 'untested',
      healthReason: settings?.health_reason ?? null,
    }),
  };
}

/**
 * Active only when the provider is configured and the last health test since then
 * passed; an administrator's 'inactive' overrides everything.
 */
export function modelStatus(facts: {
  adminStatus: SettableModelStatus;
  providerName: string;
  keyMissing: boolean;
  health: ModelHealth;
  healthReason: string | null;
}): { status: ModelStatus; statusReason: string | null } {
  if (facts.adminStatus === 'inactive') return { status: 'inactive', statusReason: null };
  if (facts.keyMissing) return { status: 'configuring', statusReason: `Set an API key for ${facts.providerName}` };
  switch (facts.health) {
    case 'untested':
      return { status: 'configuring', statusReason: 'Waiting for a health test' };
    case 'failed':
      return { status: 'error', statusReason: facts.healthReason ?? 'The last health test failed' };
    case 'passed':
      return { status: 'active', statusReason: null };
  }
}

function storedKeyOf(row: ProviderRow | undefined): StoredApiKey | null {
  return row?.encrypted_api_key && row.masked_api_key
    ? { encrypted: row.encrypted_api_key, masked: row.masked_api_key }
    : null;
}

/** Raw queries may answer jsonb columns as text, depending on the driver. */
function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
