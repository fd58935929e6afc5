import { Inject, Injectable } from '@nestjs/common';
import type { RoutingConfiguration } from '@docent/common/models';
import type {
  ChatRequest,
  ChatResponse,
  ChatStreamPart,
  FinishReason,
  ModelPricing,
  RouteChoice,
  RouteChoiceRequest,
  TokenUsage,
} from '@docent/plugin-sdk';
import type { Principal } from '../../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { decryptedKey, providerContext } from '../providers/provider-context.js';
import {
  describeProviderFailure,
  ProviderTimeoutError,
  withTimeout,
  type ProviderFailure,
} from '../providers/provider-errors.js';
import { costPerThousand, ModelCatalog, type CatalogModel } from '../read-model/model-catalog.js';
import { ProviderSecrets, redactKey } from '../secrets/provider-secrets.js';
import { orderCandidates, type CandidateRequest } from './candidate-order.js';
import { ModelInvocationRecorder } from './invocation-recorder.js';
import { ModelCallFailedError, ModelLimitReachedError, NoModelAvailableError } from './model-router.errors.js';
import { limitReachedMessage, secondsUntilLimitResets } from './usage-ledger.js';
import { describeRouteChoice } from './route-choice.js';
import { UsageLimits } from './usage-limits.js';

/** What a caller asks of a model; the router picks which one, and fills in its configured parameters. */
export type ModelRequest = Omit<ChatRequest, 'model' | 'signal'>;

export interface RouteOptions {
  /** Who asked: recorded with each call. Null for calls the system makes on its own behalf. */
  principal: Principal | null;
  /** A model id (`{providerId}:{model}`) the caller named: only that model may answer. */
  model?: string;
  /** 'cost': the cost-optimized model is tried first. */
  preference?: 'cost';
  /** The caller went away: the call is aborted. */
  signal?: AbortSignal;
}

export interface RoutedCompletion {
  /** The model that answered. */
  modelId: string;
  response: ChatResponse;
}

export interface RoutedStream {
  /** The model that is answering. */
  modelId: string;
  /**
   * Text as it arrives, then one `finish` with the usage. The call holds its place under the
   * model's concurrency limit until the parts are read to the end or the reading stops (break,
   * return, an error), which aborts it: always start reading them.
   */
  parts: AsyncIterable<ChatStreamPart>;
}

/** US dollars for the tokens of one call. */
export function callCost(pricing: ModelPricing, usage: TokenUsage): number {
  return (
    (usage.inputTokens / 1000) * pricing.inputPer1kTokens + (usage.outputTokens / 1000) * pricing.outputPer1kTokens
  );
}

interface Attempt {
  model: CatalogModel;
  fallback: boolean;
  streamed: boolean;
  startedAt: number;
  userId: string | null;
}

/**
 * Picks a model for each request (primary, fallback, cost-optimized, then any other
 * active model when auto-routing is on), holds each model to its limits, moves on to
 * the next candidate when a provider fails in a way another might not, and records
 * every call, failed ones included.
 */
@Injectable()
export class ModelRouter {
  private readonly timeoutMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly catalog: ModelCatalog,
    private readonly usage: UsageLimits,
    private readonly secrets: ProviderSecrets,
    private readonly recorder: ModelInvocationRecorder,
  ) {
    this.timeoutMs = config.models.callTimeoutMs;
  }

  async complete(request: ModelRequest, options: RouteOptions): Promise<RoutedCompletion> {
    return this.route(options, false, async (attempt, signal) => {
      const { model } = attempt;
      const response = await withTimeout(
        this.timeoutMs,
        (timeoutSignal) =>
          model.provider.plugin.chat(
            this.chatRequest(model, request, timeoutSignal),
            providerContext(model.provider, this.secrets),
          ),
        signal,
      );
      this.finish(attempt, { usage: response.usage, finishReason: response.finishReason });
      return { modelId: model.id, response };
    });
  }

  /**
   * Resolves once a model has started answering: a failure before its first part
   * moves on to the next candidate, one after it ends the stream with the error.
   */
  async stream(request: ModelRequest, options: RouteOptions): Promise<RoutedStream> {
    return this.route(options, true, async (attempt, signal) => {
      const controller = new AbortController();
      const abortFromCaller = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', abortFromCaller, { once: true });
      const stopListening = () => signal?.removeEventListener('abort', abortFromCaller);
      const parts = this.openStream(attempt.model, request, controller.signal)[Symbol.asyncIterator]();
      try {
        const first = await this.nextPart(parts, controller);
        return { modelId: attempt.model.id, parts: this.relay(attempt, parts, first, controller, stopListening) };
      } catch (error) {
        controller.abort();
        stopListening();
        throw error;
      }
    });
  }

  /** Which model a request would go to first, and why; nothing is sent. */
  async explain(request: RouteChoiceRequest): Promise<RouteChoice> {
    const models = await this.catalog.models();
    const routing = await this.catalog.routing();
    return describeRouteChoice(this.order(models, routing, request), models, routing, request);
  }

  /** Tries the candidates in order; `call` must record its own success through `finish`. */
  private async route<T>(
    options: RouteOptions,
    streamed: boolean,
    call: (attempt: Attempt, signal?: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const candidates = await this.candidates(options);
    await this.usage.ready();
    const limitMessages: string[] = [];
    let retryAfterSeconds = Number.POSITIVE_INFINITY;
    let lastFailure: ModelCallFailedError | undefined;
    let fallback = false;
    for (const model of candidates) {
      const limit = this.usage.ledger.tryReserve(model.id, model.limits);
      if (limit) {
        limitMessages.push(limitReachedMessage(limit, model.info.name, model.limits));
        retryAfterSeconds = Math.min(retryAfterSeconds, secondsUntilLimitResets(limit, new Date()));
        fallback = true;
        continue;
      }
      const attempt: Attempt = {
        model,
        fallback,
        streamed,
        startedAt: performance.now(),
        userId: options.principal?.userId ?? null,
      };
      try {
        return await call(attempt, options.signal);
      } catch (error) {
        const failure = this.describeFailure(model, error);
        this.finish(attempt, { failure });
        lastFailure = new ModelCallFailedError(model.info.name, failure);
        if (!failure.retryable || options.signal?.aborted) throw lastFailure;
        fallback = true;
      }
    }
    if (lastFailure) throw lastFailure;
    throw new ModelLimitReachedError(limitMessages, retryAfterSeconds);
  }

  private async candidates(options: RouteOptions): Promise<CatalogModel[]> {
    const candidates = this.order(await this.catalog.models(), await this.catalog.routing(), options);
    if (candidates.length > 0) return candidates;
    if (options.model !== undefined) {
      const named = await this.catalog.model(options.model);
      throw new NoModelAvailableError(
        `${named.info.name} cannot take requests: it is ${named.status}${named.statusReason ? ` (${named.statusReason})` : ''}`,
      );
    }
    throw new NoModelAvailableError(
      'No model is active: configure a provider and test its models on the AI Models page',
    );
  }

  private order(models: CatalogModel[], routing: RoutingConfiguration, request: CandidateRequest): CatalogModel[] {
    const routable = models.map((model) => ({ ...model, costPerToken: costPerThousand(model.info.pricing) }));
    return orderCandidates(routable, routing, request);
  }

  private chatRequest(model: CatalogModel, request: ModelRequest, signal: AbortSignal): ChatRequest {
    const { configuration } = model;
    return {
      temperature: configuration.temperature,
      maxTokens: configuration.maxTokens,
      topP: configuration.topP,
      frequencyPenalty: configuration.frequencyPenalty,
      presencePenalty: configuration.presencePenalty,
      ...withoutUndefined(request),
      messages: request.messages,
      model: model.providerModelId,
      signal,
    };
  }

  /** A provider without streaming answers in one piece. */
  private async *openStream(
    model: CatalogModel,
    request: ModelRequest,
    signal: AbortSignal,
  ): AsyncIterable<ChatStreamPart> {
    const { plugin } = model.provider;
    const context = providerContext(model.provider, this.secrets);
    const chatRequest = this.chatRequest(model, request, signal);
    if (plugin.chatStream) {
      yield* plugin.chatStream(chatRequest, context);
      return;
    }
    const response = await plugin.chat(chatRequest, context);
    yield { type: 'text-delta', text: response.text };
    yield { type: 'finish', usage: response.usage, finishReason: response.finishReason };
  }

  /** Waits for the next part at most the call timeout: a stream that goes quiet that long is given up. */
  private nextPart(
    parts: AsyncIterator<ChatStreamPart>,
    controller: AbortController,
  ): Promise<IteratorResult<ChatStreamPart>> {
    return withTimeout(this.timeoutMs, () => parts.next(), controller.signal).catch((error: unknown) => {
      if (error instanceof ProviderTimeoutError) controller.abort(error);
      throw error;
    });
  }

  private async *relay(
    attempt: Attempt,
    parts: AsyncIterator<ChatStreamPart>,
    first: IteratorResult<ChatStreamPart>,
    controller: AbortController,
    stopListening: () => void,
  ): AsyncGenerator<ChatStreamPart> {
    let usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    let finishReason: FinishReason = 'other';
    let failure: ProviderFailure | undefined;
    let next = first;
    try {
      while (!next.done) {
        if (next.value.type === 'finish') ({ usage, finishReason } = next.value);
        yield next.value;
        next = await this.nextPart(parts, controller);
      }
    } catch (error) {
      failure = this.describeFailure(attempt.model, error);
      throw new ModelCallFailedError(attempt.model.info.name, failure);
    } finally {
      // Also when the caller stops reading: the provider call is aborted and what was used is recorded.
      if (next.done !== true) {
        controller.abort();
        parts.return?.().catch(() => {});
      }
      stopListening();
      this.finish(attempt, failure ? { failure, usage } : { usage, finishReason });
    }
  }

  /** What went wrong, without the provider's key should its answer echo it. */
  private describeFailure(model: CatalogModel, error: unknown): ProviderFailure {
    const failure = describeProviderFailure(error);
    let key: string | undefined;
    try {
      key = decryptedKey(model.provider, this.secrets);
    } catch {
      // The failure is then this very error, which holds no key.
    }
    return { ...failure, message: redactKey(failure.message, key) };
  }

  /** Records the call and hands its reservation back, with its cost counted against the month. */
  private finish(
    attempt: Attempt,
    outcome: { usage: TokenUsage; finishReason: FinishReason } | { failure: ProviderFailure; usage?: TokenUsage },
  ): void {
    const { model } = attempt;
    const usage = outcome.usage ?? { inputTokens: 0, outputTokens: 0 };
    const cost = callCost(model.info.pricing, usage);
    this.usage.ledger.release(model.id, cost);
    const failed = 'failure' in outcome;
    this.recorder.record({
      modelId: model.id,
      providerId: model.provider.id,
      userId: attempt.userId,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cost,
      latencyMs: Math.round(performance.now() - attempt.startedAt),
      outcome: failed ? 'error' : 'success',
      error: failed ? outcome.failure.message : null,
      finishReason: failed ? null : outcome.finishReason,
      fallback: attempt.fallback,
      streamed: attempt.streamed,
    });
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
