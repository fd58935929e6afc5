import { Command } from '@nestjs/cqrs';
import type { SearchOptions } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import type { AnswerChunk } from '../answering/grounded-chat.service.js';

export interface ChatQuestion {
  /** Continue this session; a new one is started without it. */
  sessionId?: string;
  message: string;
  searchOptions?: SearchOptions;
  /** A model id, or 'auto' to let the router choose. */
  model?: string;
  preference?: 'cost';
}

/** Ask a question of the documents the asker may read; the answer comes as it is produced. */
export class AskQuestionCommand extends Command<AsyncIterable<AnswerChunk>> {
  constructor(
    readonly question: ChatQuestion,
    readonly principal: Principal,
    /** The asker went away or pressed stop. */
    readonly signal: AbortSignal,
  ) {
    super();
  }
}
