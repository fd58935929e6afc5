import { Inject, Injectable } from '@nestjs/common';
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
import {
  MODEL_CAPABILITIES,
  type ModelCapability,
  type ModelInfo,
  type ModelPricing,
  type ModelProviderPlugin,
} from '@docent/plugin-sdk';
import { DomainError } from '../../common/domain-error.js';
import type { DomainEventType, RecordedEvent } from '../../event-store/domain-event.js';
import { Reaction, type ReactionHandler } from '../../reactions/reaction.js';
import { PluginRegistry } from '../../plugins/plugin-registry.js';
import type { ModelHealth } from '../domain/model.decider.js';
import { modelRoutingDecider } from '../domain/model-routing.decider.js';
import { modelIdOf, type ListedModel, type StoredApiKey } from '../domain/model.events.js';

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
  /**
   * What the endpoint last listed; the plugin's built-in list (or the list an added
   * endpoint was added with) while nothing was listed, when listing failed, or once the key was removed.
   */
  models: readonly ModelInfo[];
  /** When the endpoint was last asked for its models; null since the key was removed. */
  listedAt: Date | null;
  /** Why that listing failed, when it did. */
  listingFailure: string | null;
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
  models: ListedModel[];
  listed_models: ListedModel[] | null;
  listing_failure: string | null;
  listed_at: Date | string | null;
  configured_position: string | number;
}

interface RoutingRow {
  primary_model_id: string | null;
  fallback_model_id: string | null;
  cost_optimized_model_id: string | null;
  auto_routing: boolean;
}

interface Snapshot {
  /** The log position the snapshot reflects at least: every event up to it is in it. */
  position: number;
  providers: Map<string, CatalogProvider>;
  models: Map<string, CatalogModel>;
  routing: RoutingConfiguration;
}

/** The events that change what the catalog holds; calls (ModelInvoked) do not. */
const CATALOG_EVENTS: DomainEventType[] = [
  'ProviderConfigured',
  'ProviderApiKeyCleared',
  'ProviderAdded',
  'ProviderRemoved',
  'ProviderModelsListed',
  'ProviderModelListingFailed',
  'ModelConfigured',
  'ModelLimitsChanged',
  'ModelStatusChanged',
  'ModelTested',
  'RoutingConfigured',
];

export const MODEL_NOT_FOUND = 'Model not found';

/** The spec's "cost per 1K": the mean of the input and output prices. */
export function costPerThousand(pricing: ModelPricing): number {
  return (pricing.inputPer1kTokens + pricing.outputPer1kTokens) / 2;
}

/**
 * Every model the installed providers offer, with its settings and status, held in
 * memory so that routing a call reads no table. Read again once a change is recorded:
 * by any process sharing the database (this reaction follows the log), and at once for
 * the changes this process records itself (see reflect).
 */
@Reaction({ name: 'model-catalog', events: CATALOG_EVENTS, delivery: 'every-process' })
@Injectable()
export class ModelCatalog implements ReactionHandler {
  private snapshot?: Promise<Snapshot>;
  /** The last change to the catalog this process knows of: a snapshot older than it is read again. */
  private changedAt = 0;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly plugins: PluginRegistry,
  ) {}

  react(event: RecordedEvent): void {
    this.reflect([event]);
  }

  /**
   * Changes this process has just recorded: the next read includes them, without waiting
   * for the reaction, which may be busy reading the log when they are appended.
   */
  reflect(events: readonly RecordedEvent[]): void {
    for (const { position } of events) this.changedAt = Math.max(this.changedAt, position);
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

  private async load(): Promise<Snapshot> {
    for (;;) {
      const loading = (this.snapshot ??= this.read());
      try {
        const snapshot = await loading;
        if (snapshot.position >= this.changedAt) return snapshot;
      } catch (error) {
        // A failed read is not kept: the next caller tries again.
        if (this.snapshot === loading) this.snapshot = undefined;
        throw error;
      }
      if (this.snapshot === loading) this.snapshot = undefined;
    }
  }

  private async read(): Promise<Snapshot> {
    const em = this.orm.em.fork();
    // Read before the tables, which hold at least every change up to it (inline projection).
    const [{ position }] = await em.execute<[{ position: string | number }]>(
      'select coalesce(max(position), 0) as position from events',
    );
    const [providerRows, settingsRows, [routingRow]] = await Promise.all([
      em.execute<ProviderRow[]>('select * from model_providers order by id'),
      em.execute<ModelSettingsRow[]>('select * from model_settings'),
      em.execute<RoutingRow[]>('select * from model_routing'),
    ]);
    const providers = this.providersFrom(
      providerRows.map((row) => ({
        ...row,
        models: parseJson(row.models),
        listed_models: parseJson(row.listed_models),
      })),
    );
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
      : modelRoutingDecider.initialState();
    return { position: Number(position), providers, models, routing };
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
        ...listingOf(row, plugin.models),
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
        ...listingOf(row, row.models.map(modelInfoOf)),
        configuredPosition: Number(row.configured_position),
      });
    }
    return providers;
  }
}

/** The models the endpoint listed, else those known without asking it. */
function listingOf(
  row: ProviderRow | undefined,
  known: readonly ModelInfo[],
): Pick<CatalogProvider, 'models' | 'listedAt' | 'listingFailure'> {
  return {
    models: row?.listed_models ? row.listed_models.map(modelInfoOf) : known,
    listedAt: row?.listed_at ? new Date(row.listed_at) : null,
    listingFailure: row?.listing_failure ?? null,
  };
}

/** A model as its endpoint's plugin listed it, with the capabilities this server knows of. */
function modelInfoOf(listed: ListedModel): ModelInfo {
  return {
    ...listed,
    capabilities: listed.capabilities.filter((capability): capability is ModelCapability =>
      (MODEL_CAPABILITIES as readonly string[]).includes(capability),
    ),
  };
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
