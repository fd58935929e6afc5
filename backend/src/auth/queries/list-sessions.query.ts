import { Query } from '@nestjs/cqrs';
import type { SessionView } from '@docent/common/settings';
import type { Principal } from '../principal.js';

/** The caller's open sign-in sessions, most recently used first, the one they call with marked. */
export class ListSessionsQuery extends Query<SessionView[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
