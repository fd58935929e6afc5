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
import { Decisions } from '../../event-store/decisions.service.js';
import type { DomainEventMap } from '../../event-store/domain-event.js';
import { ModelCatalog } from '../../models/read-model/model-catalog.js';
import { callCost, ModelRouter } from '../../models/routing/model-router.service.js';
import { DocumentSearch } from '../../search/retrieval/document-search.service.js';
import { chatSessionDecider, type ChatSessionCommand } from '../domain/chat-session.decider.js';
import { chatSessionStreamId, type CitedPassage } from '../domain/chat.events.js';
import { ANSWER_STOPPED, describeAnswerFailure } from './answer-failure.js';
import { citedSourceNumbers } from './citations.js';

/** What the answer says, without asking a model, when retrieval found no passage at all. */
export const NO_PASSAGES_ANSWER =
  "I couldn't find anything about this in the documents you can search, so I can't answer it from them. " +
  'Try other words, or upload a document that covers it.';

/**
 * A part of an answer as it is produced; the transport sends each as it comes. A failure
 * is not a part: the answer's iteration throws it, once the failure is recorded.
 */
export type AnswerChunk = Exclude<ChatStreamEvent, { type: 'error' }>;

/** A question kept in its session, ready to be answered. */
export interface AskedQuestion {
  sessionId: string;
  messageId: string;
  question: string;
  /** The session's earlier turns, oldest first. */
  history: Pick<ChatMessageView, 'role' | 'content'>[];
  searchOptions: SearchOptions;
  model?: string;
  preference?: 'cost';
  /** performance.now() when the question arrived: latencies count from there. */
  receivedAt: number;
}

/**
 * Grounded chat: retrieve the passages the asker may read, give them to a model as
 * numbered sources, stream its answer, and keep the answer in the asker's session with
 * the sources it cites.
 */
@Injectable()
export class GroundedChat {
  constructor(
    private readonly search: DocumentSearch,
    private readonly router: ModelRouter,
    private readonly catalog: ModelCatalog,
    private readonly decisions: Decisions,
  ) {}

  /**
   * The answer's sources, its text in deltas, then `done`. A failure is recorded and then
   * thrown, unless the asker stopped the answer (the signal aborted): then the iteration ends.
   */
  async *answer(asked: AskedQuestion, principal: Principal, signal: AbortSignal): AsyncIterable<AnswerChunk> {
    const elapsed = () => Math.round(performance.now() - asked.receivedAt);
    const { sessionId, messageId } = asked;
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

      const citedNumbers = new Set(citedSourceNumbers(content, sources.length));
      const cited = sources.filter((source) => citedNumbers.has(source.number));
      const answer: DomainEventMap['ChatAnswered'] = {
        sessionId,
        userId: principal.userId,
        messageId: randomUUID(),
        questionId: messageId,
        content,
        citations: cited.map(toCitedPassage),
        grounded: sources.length > 0,
        model: answeredBy,
        usage,
        cost,
        latencyMs: elapsed(),
      };
      const answeredAt = await this.record({ type: 'RecordAnswer', answer }, principal);
      yield { type: 'done', message: answerView(answer, cited, answeredAt) };
    } catch (error) {
      const failure = signal.aborted
        ? { reason: 'stopped' as const, error: ANSWER_STOPPED }
        : describeAnswerFailure(error);
      await this.record(
        {
          type: 'RecordFailure',
          failure: { sessionId, userId: principal.userId, questionId: messageId, ...failure, latencyMs: elapsed() },
        },
        principal,
      );
      if (!signal.aborted) throw error;
    }
  }

  private async retrieve({ question, searchOptions }: AskedQuestion, principal: Principal): Promise<SearchHit[]> {
    const { results } = await this.search.searchPassages(
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

  /** Records the answer or its failure; returns when. */
  private async record(
    command: Extract<ChatSessionCommand, { type: 'RecordAnswer' | 'RecordFailure' }>,
    principal: Principal,
  ): Promise<Date> {
    const sessionId = command.type === 'RecordAnswer' ? command.answer.sessionId : command.failure.sessionId;
    const { events } = await this.decisions.handle(chatSessionDecider, chatSessionStreamId(sessionId), command, {
      actorId: principal.userId,
    });
    return events[0]!.occurredAt;
  }
}

function toCitation(hit: SearchHit, number: number): ChatCitation {
  const { documentId, documentName, documentType, chunkId, position, text, snippet, highlights } = hit;
  return { number, documentId, documentName, documentType, chunkId, position, text, snippet, highlights };
}

/** What the answer's event keeps of a citation: where the passage is, not the passage. */
function toCitedPassage(citation: ChatCitation): CitedPassage {
  const { number, documentId, documentName, documentType, chunkId, position, snippet, highlights } = citation;
  return { number, documentId, documentName, documentType, chunkId, position, snippet, highlights };
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
  answer: DomainEventMap['ChatAnswered'],
  citations: ChatCitation[],
  answeredAt: Date,
): ChatMessageView {
  return {
    id: answer.messageId,
    role: 'assistant',
    content: answer.content,
    createdAt: answeredAt.toISOString(),
    citations,
    grounded: answer.grounded,
    ...(answer.model && { model: answer.model }),
    usage: answer.usage,
    cost: answer.cost,
    latencyMs: answer.latencyMs,
  };
}
