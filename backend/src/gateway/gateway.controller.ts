import { Body, Controller, Get, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ChatStreamPart } from '@docent/plugin-sdk';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { describeException } from '../http/api-exception.filter.js';
import { callerLeftSignal } from '../http/caller-left.js';
import type { RouteOptions } from '../models/routing/model-router.service.js';
import { chatCompletionsSchema, ROUTER_CHOOSES, type ChatCompletionsRequest } from './chat-completions.schema.js';
import { CompleteChatCommand } from './commands/complete-chat.command.js';
import { StreamChatCommand } from './commands/stream-chat.command.js';
import {
  completion,
  completionChunk,
  completionId,
  errorBody,
  GATEWAY_ROUTE,
  modelList,
  toModelRequest,
  usageChunk,
  type CompletionHeader,
} from './openai-wire.js';
import { ListAvailableModelsQuery } from './queries/list-available-models.query.js';

/** When this server began offering its models: OpenAI's `created` for GET /v1/models. */
const SERVING_SINCE = Math.floor(Date.now() / 1000);

/**
 * An OpenAI-compatible gateway: any OpenAI client, given this server's /v1 as its base
 * URL and an API key or access token, reaches Docent's models through the same router,
 * limits and accounting as the app's own chat.
 */
@ApiTags('OpenAI-compatible gateway')
@Controller(GATEWAY_ROUTE)
export class GatewayController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('models')
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({ summary: 'The models that can answer now (OpenAI format); "auto" lets the router choose' })
  async models() {
    const available = await this.queries.execute(new ListAvailableModelsQuery());
    return modelList(
      available.map((model) => ({ id: model.id, provider: model.providerId })),
      SERVING_SINCE,
    );
  }

  @Post('chat/completions')
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({ summary: 'A chat completion in OpenAI format, streamed as server-sent events when `stream` is true' })
  async chatCompletions(
    @Body({ schema: chatCompletionsSchema }) body: ChatCompletionsRequest,
    @CurrentPrincipal() principal: Principal,
    @Res() response: Response,
  ): Promise<void> {
    const options: RouteOptions = {
      principal,
      model: body.model === ROUTER_CHOOSES ? undefined : body.model,
      signal: callerLeftSignal(response),
    };
    const modelRequest = toModelRequest(body);
    const header = (model: string): CompletionHeader => ({
      id: completionId(),
      created: Math.floor(Date.now() / 1000),
      model,
    });

    if (!body.stream) {
      const { modelId, response: answer } = await this.commands.execute(new CompleteChatCommand(modelRequest, options));
      response.status(200).json(completion(header(modelId), answer.text, answer.finishReason, answer.usage));
      return;
    }
    // Errors before the first byte (limits, no model, a provider refusing) still answer with their status.
    const { modelId, parts } = await this.commands.execute(new StreamChatCommand(modelRequest, options));
    await sendEventStream(response, header(modelId), parts, body.stream_options?.include_usage === true);
  }
}

/**
 * OpenAI's stream: a chunk per text delta (the first with the role), a last chunk with
 * the finish reason, the usage chunk when asked, then [DONE]. A failure mid-stream can
 * no longer change the status, so it is sent as an error event, as OpenAI does.
 */
async function sendEventStream(
  response: Response,
  header: CompletionHeader,
  parts: AsyncIterable<ChatStreamPart>,
  includeUsage: boolean,
) {
  response.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
  });
  response.flushHeaders();
  const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  try {
    send(completionChunk(header, { role: 'assistant', content: '' }, null));
    for await (const part of parts) {
      if (part.type === 'text-delta') {
        if (part.text) send(completionChunk(header, { content: part.text }, null));
        continue;
      }
      send(completionChunk(header, {}, part.finishReason));
      if (includeUsage) send(usageChunk(header, part.usage));
    }
    response.write('data: [DONE]\n\n');
  } catch (error) {
    const { status, error: message } = describeException(error);
    if (!response.destroyed) send(errorBody(status, message));
  } finally {
    response.end();
  }
}
