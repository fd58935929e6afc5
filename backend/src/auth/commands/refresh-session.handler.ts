import { hkdfSync } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RefreshResponse } from '@docent/common/api';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { AuthenticationService } from '../authentication.service.js';
import { INVALID_REFRESH_TOKEN, sessionDecider } from '../sessions/session.decider.js';
import { sessionStreamId } from '../sessions/session.events.js';
import { AccessTokens } from '../tokens/access-tokens.js';
import { sessionIdOfRefreshToken, sha256, successorRefreshToken } from '../tokens/secret-tokens.js';
import { RefreshSessionCommand } from './refresh-session.command.js';

export const REFRESH_TOKEN_REUSED =
  'This refresh token was already used, so the session has been closed. Please sign in again.';

@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  /** Derives each refresh token's successor; its own key, so that no other use of the secret can produce one. */
  private readonly rotationKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly decisions: Decisions,
    private readonly accessTokens: AccessTokens,
    private readonly authentication: AuthenticationService,
  ) {
    this.rotationKey = Buffer.from(hkdfSync('sha256', config.auth.jwtSecret, '', 'docent refresh token rotation', 32));
  }

  /**
   * The same token refreshed twice at the same moment is decided again after the first
   * rotation, and the second request gets the same successor (see the session decider's grace window).
   */
  async execute({ refreshToken }: RefreshSessionCommand): Promise<RefreshResponse> {
    const sessionId = sessionIdOfRefreshToken(refreshToken);
    if (!sessionId) throw new DomainError('unauthenticated', INVALID_REFRESH_TOKEN);
    const successor = successorRefreshToken(refreshToken, sessionId, this.rotationKey);
    const streamId = sessionStreamId(sessionId);
    // Read first for the session's owner, on whose behalf the refresh is recorded.
    const { state: session } = await this.decisions.load(sessionDecider, streamId);
    const { state, events } = await this.decisions.handle(
      sessionDecider,
      streamId,
      {
        type: 'Refresh',
        presentedTokenHash: sha256(refreshToken),
        newTokenHash: sha256(successor),
        lifetimes: { standardMs: this.config.auth.refreshTokenTtlMs, rememberMeMs: this.config.auth.rememberMeTtlMs },
        now: new Date(),
      },
      { actorId: session.exists ? session.userId : null },
    );
    if (events.some((event) => event.type === 'SessionRevoked'))
      throw new DomainError('unauthenticated', REFRESH_TOKEN_REUSED);

    const accessToken = await this.accessTokens.issue(state.userId, sessionId);
    // The account may have gone (or the demo mode been switched off) since the session started.
    if (!(await this.authentication.authenticate(accessToken)))
      throw new DomainError('unauthenticated', INVALID_REFRESH_TOKEN);
    return { success: true, accessToken, refreshToken: successor, expiresIn: this.accessTokens.lifetimeSeconds };
  }
}
