import { Body, Controller, Delete, Get, HttpCode, Logger, Param, Patch, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { z } from 'zod';
import {
  chatRequestSchema,
  chatSessionId,
  renameChatSessionSchema,
  type ChatSessionResponse,
  type ChatSessionsResponse,
  type ChatStreamEvent,
  type RenamedChatSessionResponse,
} from '@docent/common/chat';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { describeException, retryAfterOf } from '../http/api-exception.filter.js';
import { callerLeftSignal } from '../http/caller-left.js';
import { AskQuestionCommand } from './commands/ask-question.command.js';
import { DeleteChatSessionCommand } from './commands/delete-chat-session.command.js';
import { RenameChatSessionCommand } from './commands/rename-chat-session.command.js';
import { GetChatSessionQuery } from './queries/get-chat-session.query.js';
import { ListChatSessionsQuery } from './queries/list-chat-sessions.query.js';

/** Chat is searching with a model's help: search:basic, like search. Each user reaches only their own sessions. */
@ApiTags('Chat')
@Controller('api/chat')
export class ChatController {
  private readonly logger = new Logger(ChatController.name);

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({
    summary:
      'Ask a question of the documents the caller may read; the answer streams as server-sent events: session, sources, delta…, then done (with citations) or error',
  })
  async ask(
    @Body({ schema: chatRequestSchema }) body: z.output<typeof chatRequestSchema>,
    @CurrentPrincipal() principal: Principal,
    @Res() response: Response,
  ): Promise<void> {
    // A session that is not the caller's or an unknown model still answers with its status.
    const answer = await this.commands.execute(new AskQuestionCommand(body, principal, callerLeftSignal(response)));
    response.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
    });
    response.flushHeaders();
    const send = ({ type, ...data }: ChatStreamEvent) => {
      if (!response.destroyed) response.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // Read to the end even when the caller has gone: the answer's outcome is recorded there.
    try {
      for await (const chunk of answer) send(chunk);
    } catch (failure) {
      // The status and message the failure would answer with, had the stream not begun.
      const { status, error } = describeException(failure);
      if (status >= 500) this.logger.error(failure instanceof Error ? failure.stack : String(failure));
      const retryAfter = retryAfterOf(failure);
      send({ type: 'error', status, error, ...(retryAfter !== undefined && { retryAfter }) });
    }
    response.end();
  }

  @Get('sessions')
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({ summary: "The caller's chat sessions (at most 20), most recently updated first" })
  async sessions(@CurrentPrincipal() principal: Principal): Promise<ChatSessionsResponse> {
    return { success: true, sessions: await this.queries.execute(new ListChatSessionsQuery(principal)) };
  }

  @Get('sessions/:id')
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({ summary: 'One of the caller’s sessions with its messages, oldest first' })
  async session(
    @Param('id', { schema: chatSessionId }) id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ChatSessionResponse> {
    return { success: true, session: await this.queries.execute(new GetChatSessionQuery(id, principal)) };
  }

  @Patch('sessions/:id')
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({ summary: 'Rename one of the caller’s sessions' })
  async rename(
    @Param('id', { schema: chatSessionId }) id: string,
    @Body({ schema: renameChatSessionSchema }) { title }: z.output<typeof renameChatSessionSchema>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RenamedChatSessionResponse> {
    return { success: true, session: await this.commands.execute(new RenameChatSessionCommand(id, title, principal)) };
  }

  @Delete('sessions/:id')
  @HttpCode(200)
  @Authenticated({ permission: 'search:basic' })
  @ApiOperation({ summary: 'Delete one of the caller’s sessions and its messages' })
  async delete(
    @Param('id', { schema: chatSessionId }) id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ success: true }> {
    await this.commands.execute(new DeleteChatSessionCommand(id, principal));
    return { success: true };
  }
}
