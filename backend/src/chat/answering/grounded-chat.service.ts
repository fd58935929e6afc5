import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { buildGroundedMessages, type ChatMessage } from '@docent/plugin-sdk';
import {
  DEFAULT_CHAT_SOURCES,
  type ChatCitation,
  type ChatMessageView,
  type ChatStreamEvent,
  type ChatUsage,
} from '@docent/common/chat';
import { DEFAULT_SEARCH_TYPE, type ChunkPositionView, type SearchHit, type SearchOptions } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import { DomainError } from '../../common/domain-error.js';
import { describeException } from '../../http/api-exception.filter.js';
import { ModelCatalog } from '../../models/read-model/model-catalog.js';
import { callCost, ModelRouter } from '../../models/routing/model-router.service.js';
import { DocumentSearch } from '../../search/retrieval/document-search.service.js';
import { ChatSessionWriter } from '../domain/chat-session-writer.js';
import { ANSWER_STOPPED_STATUS } from '../domain/chat.events.js';
import { ChatViews } from '../read-model/chat-views.js';
import { citedSourceNumbers } from './citations.js';

/** Earlier messages sent along with a follow-up question: enough for "and what about…", little enough to leave room for the sources. */
const HISTORY_MESSAGES = 6;

/** What the answer says, without asking a model, when retrieval found no passage at all. */
export const NO_PASSAGES_ANSWER =
  "I couldn't find anything about this in the documents you can search, so I can't answer it from them. " +
  'Try other words, or upload a document that covers it.';

const STOPPED = { status: ANSWER_STOPPED_STATUS, error: 'The answer was stopped' };

export interface ChatQuestion {
  sessionId?: string;
  message: string;
  searchOptions?: SearchOptions;
  model?: string;
  preference?: 'cost';
}

/**
 * Grounded chat: retrieve the passages the asker may read, give them to a model as
 * numbered sources, stream its answer, and keep the question and answer in the
 * asker's session with the sources the answer cites.
 */
@Injectable()
export class GroundedChat {
  constructor(
    private readonly search: DocumentSearch,
    private readonly router: ModelRouter,
    private readonly catalog: ModelCatalog,
    private readonly sessions: ChatSessionWriter,
    private readonly views: ChatViews,
  ) {}

  /**
   * Records the question and returns the answer's events. Throws, before anything is
   * streamed, for a session that is not the asker's or a model that does not exist;
   * every later failure is an `error` event.
   */
  async ask(
    question: ChatQuestion,
    principal: Principal,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatStreamEvent>> {
    const receivedAt = performance.now();
    const model = question.model === undefined || question.model === 'auto' ? undefined : question.model;
    if (model !== undefined && !(await this.catalog.findModel(model)))
      throw new DomainError('invalid', `Unknown model: ${model}`);

    const startsSession = question.sessionId === undefined;
    const sessionId = question.sessionId ?? randomUUID();
    const messageId = randomUUID();
    const history = startsSession ? [] : await this.views.recentMessages(sessionId, HISTORY_MESSAGES);
    const searchOptions = question.searchOptions ?? {};
    const metadata = { actorId: principal.userId };
    await this.sessions.execute(
      {
        type: 'Ask',
        sessionId,
        startsSession,
        userId: principal.userId,
        messageId,
        content: question.message,
        searchOptions,
      },
      metadata,
    );
    if (startsSession) await this.forgetSessionsBeyondLimit(principal.userId);
    const session = await this.views.summary(principal.userId, sessionId);
    const [userMessage] = await this.views.recentMessages(sessionId, 1);

    const asked = {
      sessionId,
      messageId,
      question: question.message,
      history,
      searchOptions,
      model,
      preference: question.preference,
      receivedAt,
    };
    return this.answer(asked, { type: 'session', session, userMessage: userMessage! }, principal, signal);
  }

  private async *answer(
    asked: AskedQuestion,
    sessionEvent: ChatStreamEvent & { type: 'session' },
    principal: Principal,
    signal: AbortSignal,
  ): AsyncIterable<ChatStreamEvent> {
    const elapsed = () => Math.round(performance.now() - asked.receivedAt);
    const metadata = { actorId: principal.userId };
    const { sessionId, messageId } = asked;
    yield sessionEvent;

    try {
      const hits = await this.retrieve(asked, principal);
      const sources = hits.map((hit, index) => toCitation(hit, index + 1));
      yield { type: 'sources', sources };

      let content = '';
      let usage: ChatUsage = { inputTokens: 0, outputTokens: 0 };
      let answeredBy: { id: string; name: string } | null = null;
      let cost = 0;
      if (sources.length === 0) {
        content = NO_PASSAGES_ANSWER;
        yield { type: 'delta', text: content };
      } else {
        const messages = buildGroundedMessages({
          question: asked.question,
          passages: hits.map((hit, index) => ({ number: index + 1, title: sourceTitle(hit), text: hit.text })),
          history: asked.history.map((message): ChatMessage => ({ role: message.role, content: message.content })),
        });
        const routed = await this.router.stream(
          { messages },
          { principal, model: asked.model, preference: asked.preference, signal },
        );
        const catalogModel = await this.catalog.findModel(routed.modelId);
        answeredBy = { id: routed.modelId, name: catalogModel?.info.name ?? routed.modelId };
        for await (const part of routed.parts) {
          if (part.type === 'text-delta') {
            if (!part.text) continue;
            content += part.text;
            yield { type: 'delta', text: part.text };
          } else {
            usage = { inputTokens: part.usage.inputTokens, outputTokens: part.usage.outputTokens };
          }
        }
        cost = catalogModel ? callCost(catalogModel.info.pricing, usage) : 0;
      }

      const cited = new Set(citedSourceNumbers(content, sources.length));
      const answer = {
        sessionId,
        userId: principal.userId,
        messageId: randomUUID(),
        questionId: messageId,
        content,
        citations: sources.filter((source) => cited.has(source.number)),
        grounded: sources.length > 0,
        model: answeredBy,
        usage,
        cost,
        latencyMs: elapsed(),
      };
      const answeredAt = await this.sessions.recordOutcome(sessionId, { type: 'ChatAnswered', data: answer }, metadata);
      yield { type: 'done', message: answerView(answer, answeredAt) };
    } catch (error) {
      const { status, error: message } = signal.aborted ? STOPPED : describeException(error);
      await this.sessions.recordOutcome(
        sessionId,
        {
          type: 'ChatAnswerFailed',
          data: {
            sessionId,
            userId: principal.userId,
            questionId: messageId,
            status,
            error: message,
            latencyMs: elapsed(),
          },
        },
        metadata,
      );
      if (!signal.aborted) yield { type: 'error', status, error: message };
    }
  }

  private async retrieve({ question, searchOptions }: AskedQuestion, principal: Principal): Promise<SearchHit[]> {
    const { results } = await this.search.search(
      question,
      {
        ...searchOptions,
        type: searchOptions.type ?? DEFAULT_SEARCH_TYPE,
        limit: searchOptions.limit ?? DEFAULT_CHAT_SOURCES,
      },
      principal,
    );
    return results;
  }

  /** Starting a session beyond the most a user keeps deletes their least recently used ones. */
  private async forgetSessionsBeyondLimit(userId: string): Promise<void> {
    for (const sessionId of await this.views.sessionsBeyondLimit(userId)) {
      await this.sessions.execute({ type: 'Delete', sessionId, userId, reason: 'history-limit' }, { actorId: userId });
    }
  }
}

interface AskedQuestion {
  sessionId: string;
  messageId: string;
  question: string;
  history: ChatMessageView[];
  searchOptions: SearchOptions;
  model?: string;
  preference?: 'cost';
  /** performance.now() when the question arrived: latencies count from there. */
  receivedAt: number;
}

function toCitation(hit: SearchHit, number: number): ChatCitation {
  const { documentId, documentName, documentType, chunkId, position, text, snippet, highlights } = hit;
  return { number, documentId, documentName, documentType, chunkId, position, text, snippet, highlights };
}

/** The document's name and where the passage sits in it, so a model can say which document it cites. */
function sourceTitle({ documentName, position }: SearchHit): string {
  const where = describePosition(position);
  return where ? `${documentName}, ${where}` : documentName;
}

function describePosition(position: ChunkPositionView): string {
  if (position.page !== undefined) return `page ${position.page}`;
  if (position.slide !== undefined) return `slide ${position.slide}${position.notes ? ' notes' : ''}`;
  if (position.sheet !== undefined)
    return `sheet ${position.sheet}${position.row === undefined ? '' : `, row ${position.row}`}`;
  if (position.headingPath?.length) return position.headingPath.join(' › ');
  return '';
}

function answerView(
  answer: {
    messageId: string;
    content: string;
    citations: ChatCitation[];
    grounded: boolean;
    model: { id: string; name: string } | null;
    usage: ChatUsage;
    cost: number;
    latencyMs: number;
  },
  answeredAt: Date,
): ChatMessageView {
  return {
    id: answer.messageId,
    role: 'assistant',
    content: answer.content,
    createdAt: answeredAt.toISOString(),
    citations: answer.citations,
    grounded: answer.grounded,
    ...(answer.model && { model: answer.model }),
    usage: answer.usage,
    cost: answer.cost,
    latencyMs: answer.latencyMs,
  };
}
