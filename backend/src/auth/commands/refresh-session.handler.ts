import { hkdfSync } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DomainError } from '../../common/domain-error.js';
import { ConcurrencyConflictError } from '../../event-store/concurrency-conflict.error.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { loadAggregate } from '../../event-store/load-aggregate.js';
import { AuthenticationService } from '../authentication.service.js';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  INVALID_REFRESH_TOKEN,
} from '../sessions/session.decider.js';
import { SESSION_STREAM_TYPE, sessionStreamId } from '../sessions/session.events.js';
import { AccessTokens } from '../tokens/access-tokens.js';
import { sessionIdOfRefreshToken, sha256, successorRefreshToken } from '../tokens/secret-tokens.js';
import type { RefreshResponse } from '@docent/common/api';
import { RefreshSessionCommand } from './refresh-session.command.js';

export const REFRESH_TOKEN_REUSED =
  'This refresh token was already used, so the session has been closed. Please sign in again.';

@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  /** Derives each refresh token's successor; its own key, so that no other use of the secret can produce one. */
  private readonly rotationKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly eventStore: EventStore,
    private readonly accessTokens: AccessTokens,
    private readonly authentication: AuthenticationService,
  ) {
    this.rotationKey = Buffer.from(hkdfSync('sha256', config.auth.jwtSecret, '', 'docent refresh token rotation', 32));
  }

  async execute({ refreshToken }: RefreshSessionCommand): Promise<RefreshResponse> {
    const sessionId = sessionIdOfRefreshToken(refreshToken);
    if (!sessionId) throw new DomainError('unauthenticated', INVALID_REFRESH_TOKEN);
    try {
      return await this.rotate(sessionId, refreshToken);
    } catch (error) {
      if (!(error instanceof ConcurrencyConflictError)) throw error;
      // The same token refreshed at the same moment: the other request rotated it, and this one now gets its successor.
      return this.rotate(sessionId, refreshToken);
    }
  }

  private async rotate(sessionId: string, refreshToken: string): Promise<RefreshResponse> {
    const streamId = sessionStreamId(sessionId);
    const { state, version } = await loadAggregate(this.eventStore, streamId, initialSessionState, evolveSession);

    const successor = successorRefreshToken(refreshToken, sessionId, this.rotationKey);
    const lifetime = state.rememberMe ? this.config.auth.rememberMeTtlMs : this.config.auth.refreshTokenTtlMs;
    const events = decideSession(
      {
        type: 'Refresh',
        presentedTokenHash: sha256(refreshToken),
        newTokenHash: sha256(successor),
        newExpiresAt: new Date(Date.now() + lifetime),
        now: new Date(),
      },
      state,
    );
    if (events.length > 0) {
      await this.eventStore.append(
        { streamId, streamType: SESSION_STREAM_TYPE, expectedVersion: version, events },
        { actorId: state.userId },
      );
    }
    if (events.some((event) => event.type === 'SessionRevoked'))
      throw new DomainError('unauthenticated', REFRESH_TOKEN_REUSED);

    const accessToken = await this.accessTokens.issue(state.userId, sessionId);
    // The account may have gone (or the demo mode been switched off) since the session started.
    if (!(await this.authentication.authenticate(accessToken)))
      throw new DomainError('unauthenticated', INVALID_REFRESH_TOKEN);
    return { success: true, accessToken, refreshToken: successor, expiresIn: this.accessTokens.lifetimeSeconds };
  }
}
