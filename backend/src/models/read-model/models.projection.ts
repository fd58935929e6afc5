import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { FinishReason } from '@docent/plugin-sdk';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';

/**
 * Inline, so that a key, a limit or a status takes effect for the very next call,
 * and the figures include every call whose record has been written.
 */
@Projection({ name: 'models', mode: 'inline' })
@Injectable()
export class ModelsProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    switch (event.type) {
      // Its last listing stands until the new settings are listed, unless no key is left to list with.
      case 'ProviderConfigured': {
        const { providerId, endpoint, apiKey } = event.data;
        await em.execute(
          `insert into model_providers (id, plugin_id, custom, endpoint, encrypted_api_key, masked_api_key, configured_position)
           values (?, ?, false, ?, ?, ?, ?)
           on conflict (id) do update set endpoint = excluded.endpoint, encrypted_api_key = excluded.encrypted_api_key,
             masked_api_key = excluded.masked_api_key, configured_position = excluded.configured_position,
             listed_models = case when excluded.encrypted_api_key is null then null else model_providers.listed_models end,
             listing_failure = case when excluded.encrypted_api_key is null then null else model_providers.listing_failure end,
             listed_at = case when excluded.encrypted_api_key is null then null else model_providers.listed_at end`,
          [providerId, providerId, endpoint, apiKey?.encrypted ?? null, apiKey?.masked ?? null, event.position],
        );
        return;
      }
      case 'ProviderApiKeyCleared':
        await em.execute(
          `update model_providers set encrypted_api_key = null, masked_api_key = null,
             listed_models = null, listing_failure = null, listed_at = null where id = ?`,
          [event.data.providerId],
        );
        return;
      case 'ProviderModelsListed':
        await this.recordListing(em, event.data.providerId, JSON.stringify(event.data.models), null, event.occurredAt);
        return;
      case 'ProviderModelListingFailed':
        await this.recordListing(em, event.data.providerId, null, event.data.reason, event.occurredAt);
        return;
      case 'ProviderAdded': {
        const { providerId, pluginId, name, endpoint, apiKey, models } = event.data;
        await em.execute(
          `insert into model_providers (id, plugin_id, name, custom, endpoint, encrypted_api_key, masked_api_key, models, configured_position)
           values (?, ?, ?, true, ?, ?, ?, ?::jsonb, ?)`,
          [
            providerId,
            pluginId,
            name,
            endpoint,
            apiKey?.encrypted ?? null,
            apiKey?.masked ?? null,
            JSON.stringify(models),
            event.position,
          ],
        );
        return;
      }
      case 'ProviderRemoved':
        await em.execute('delete from model_providers where id = ?', [event.data.providerId]);
        // Its calls stay in the figures; its models' settings go with it.
        await em.execute("delete from model_settings where left(model_id, length(?) + 1) = ? || ':'", [
          event.data.providerId,
          event.data.providerId,
        ]);
        return;
      case 'ModelConfigured':
        await this.upsertSettings(
          em,
          event.data.modelId,
          'configuration',
          JSON.stringify(event.data.configuration),
          '?::jsonb',
        );
        return;
      case 'ModelLimitsChanged':
        await this.upsertSettings(em, event.data.modelId, 'limits', JSON.stringify(event.data.limits), '?::jsonb');
        return;
      case 'ModelStatusChanged':
        if (event.data.changedBy === 'administrator') {
          await this.upsertSettings(em, event.data.modelId, 'admin_status', event.data.status, '?');
        }
        return;
      case 'ModelTested': {
        const { modelId, success, responseTimeMs, error } = event.data;
        await em.execute(
          `insert into model_settings (model_id, health, health_reason, tested_position, last_test_ms) values (?, ?, ?, ?, ?)
           on conflict (model_id) do update set health = excluded.health, health_reason = excluded.health_reason,
             tested_position = excluded.tested_position, last_test_ms = excluded.last_test_ms`,
          [
            modelId,
            success ? 'passed' : 'failed',
            error?.slice(0, 2000) ?? null,
            event.position,
            Math.round(responseTimeMs),
          ],
        );
        return;
      }
      case 'RoutingConfigured': {
        const { primaryModelId, fallbackModelId, costOptimizedModelId, autoRouting } = event.data;
        await em.execute(
          `insert into model_routing (id, primary_model_id, fallback_model_id, cost_optimized_model_id, auto_routing) values (true, ?, ?, ?, ?)
           on conflict (id) do update set primary_model_id = excluded.primary_model_id, fallback_model_id = excluded.fallback_model_id,
             cost_optimized_model_id = excluded.cost_optimized_model_id, auto_routing = excluded.auto_routing`,
          [primaryModelId, fallbackModelId, costOptimizedModelId, autoRouting],
        );
        return;
      }
      case 'ModelInvoked':
        await this.recordCalls(em, [event]);
        return;
    }
  }

  /** Calls recorded together go in with one statement per batch; everything else one event at a time. */
  async applyAll(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    const calls = events.filter((event) => event.type === 'ModelInvoked');
    for (const event of events) if (event.type !== 'ModelInvoked') await this.apply(event, em);
    if (calls.length > 0) await this.recordCalls(em, calls);
  }

  /**
   * Adds calls to their model's figures for the (UTC) day. Sums are exact (numeric cost,
   * rounded per call as the column keeps it), so a batch gives the rows one-by-one would.
   */
  private async recordCalls(em: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
    const calls = events.map((event) => {
      const call = event.data as RecordedEvent<'ModelInvoked'>['data'];
      const succeeded = call.outcome === 'success';
      return {
        model_id: call.modelId,
        at: event.occurredAt.toISOString(),
        errors: succeeded ? 0 : 1,
        answered: succeeded ? 1 : 0,
        finished_normally: succeeded && finishedNormally(call.finishReason) ? 1 : 0,
        input_tokens: call.inputTokens,
        output_tokens: call.outputTokens,
        cost: call.cost,
        latency_ms: Math.round(call.latencyMs),
      };
    });
    await em.execute(
      `insert into model_usage_daily as usage (model_id, day, requests, errors, answered, finished_normally, input_tokens, output_tokens, cost, latency_ms, last_used_at)
       select model_id, (at at time zone 'UTC')::date, count(*), sum(errors), sum(answered), sum(finished_normally),
              sum(input_tokens), sum(output_tokens), sum(cost), sum(latency_ms), max(at)
       from jsonb_to_recordset(?::jsonb) as x(model_id varchar(300), at timestamptz, errors int, answered int, finished_normally int,
                                             input_tokens bigint, output_tokens bigint, cost numeric(24,12), latency_ms bigint)
       group by model_id, (at at time zone 'UTC')::date
       on conflict (model_id, day) do update set
         requests = usage.requests + excluded.requests, errors = usage.errors + excluded.errors, answered = usage.answered + excluded.answered,
         finished_normally = usage.finished_normally + excluded.finished_normally,
         input_tokens = usage.input_tokens + excluded.input_tokens, output_tokens = usage.output_tokens + excluded.output_tokens,
         cost = usage.cost + excluded.cost, latency_ms = usage.latency_ms + excluded.latency_ms,
         last_used_at = greatest(usage.last_used_at, excluded.last_used_at)`,
      [JSON.stringify(calls)],
    );
  }

  async reset(em: EntityManager): Promise<void> {
    for (const table of ['model_usage_daily', 'model_routing', 'model_settings', 'model_providers']) {
      await em.execute(`delete from ${table}`);
    }
  }

  /** A provider that needs no settings may be listed before it was ever configured, so it may have no row yet. */
  private async recordListing(
    em: EntityManager,
    providerId: string,
    models: string | null,
    failure: string | null,
    listedAt: Date,
  ): Promise<void> {
    await em.execute(
      `insert into model_providers (id, plugin_id, custom, listed_models, listing_failure, listed_at, configured_position)
       values (?, ?, false, ?::jsonb, ?, ?, 0)
       on conflict (id) do update set listed_models = excluded.listed_models, listing_failure = excluded.listing_failure,
         listed_at = excluded.listed_at`,
      [providerId, providerId, models, failure, listedAt.toISOString()],
    );
  }

  private async upsertSettings(
    em: EntityManager,
    modelId: string,
    column: string,
    value: string,
    placeholder: string,
  ): Promise<void> {
    await em.execute(
      `insert into model_settings (model_id, ${column}) values (?, ${placeholder})
       on conflict (model_id) do update set ${column} = excluded.${column}`,
      [modelId, value],
    );
  }
}

/** Cut off by the token limit or a content filter is an answer, but not a normal one. */
function finishedNormally(reason: FinishReason | null): boolean {
  return reason !== 'length' && reason !== 'content-filter';
}
