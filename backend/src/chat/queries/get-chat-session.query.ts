import { Query } from '@nestjs/cqrs';
import type { ChatSessionDetail } from '@docent/common/chat';
import type { Principal } from '../../auth/principal.js';

/** One of the caller's sessions with its messages; another user's reads as not found. */
export class GetChatSessionQuery extends Query<ChatSessionDetail> {
  constructor(
    readonly sessionId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
