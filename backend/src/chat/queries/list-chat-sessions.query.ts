import { Query } from '@nestjs/cqrs';
import type { ChatSessionSummary } from '@docent/common/chat';
import type { Principal } from '../../auth/principal.js';

/** The caller's sessions, most recently updated first. */
export class ListChatSessionsQuery extends Query<ChatSessionSummary[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
