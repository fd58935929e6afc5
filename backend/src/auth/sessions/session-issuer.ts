import type { AuthResponse } from '@docent/common/api';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Decisions, type Decision } from '../../event-store/decisions.service.js';
import { AccessTokens } from '../tokens/access-tokens.js';
import { KnownDevices } from '../tokens/known-devices.js';
import { generateRefreshToken, sha256 } from '../tokens/secret-tokens.js';
import { userDecider } from '../users/user.decider.js';
import { userStreamId } from '../users/user.events.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserView } from '../users/user-view.js';
import { sessionDecider, type SessionCommand, type SessionEvent, type SessionState } from './session.decider.js';
import { deviceLabel } from './device-label.js';
import { sessionStreamId } from './session.events.js';

/** A session about to start: the refresh token it hands out (only its hash is recorded) and the decision that starts it. */
export interface NewSession {
  sessionId: string;
  refreshToken: string;
  start: Decision<SessionCommand, SessionEvent, SessionState>;
}

/**
 * Starts sign-in sessions. The answer carries a device token: the device is now known to the account.
 */
@Injectable()
export class SessionIssuer {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly decisions: Decisions,
    private readonly accessTokens: AccessTokens,
    private readonly knownDevices: KnownDevices,
  ) {}

  /** A new session of the user's, to be decided with whatever else starts with it; `userAgent` names its device. */
  newSession(userId: string, rememberMe: boolean, userAgent?: string): NewSession {
    const sessionId = randomUUID();
    const refreshToken = generateRefreshToken(sessionId);
    const lifetime = rememberMe ? this.config.auth.rememberMeTtlMs : this.config.auth.refreshTokenTtlMs;
    const device = deviceLabel(userAgent);
    const command: SessionCommand = {
      type: 'Start',
      sessionId,
      userId,
      refreshTokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + lifetime),
      rememberMe,
      ...(device && { device }),
    };
    return {
      sessionId,
      refreshToken,
      start: { decider: sessionDecider, streamId: sessionStreamId(sessionId), command },
    };
  }

  /** Signs an existing account in: the login on the user and the session on its own stream, atomically. */
  async start(userId: string, rememberMe: boolean, userAgent?: string): Promise<AuthResponse> {
    const session = this.newSession(userId, rememberMe, userAgent);
    await this.decisions.handleAll(
      [
        {
          decider: userDecider,
          streamId: userStreamId(userId),
          command: { type: 'RecordLogin', sessionId: session.sessionId, rememberMe },
        },
        session.start,
      ],
      { actorId: userId },
    );
    return this.signedIn(userId, session);
  }

  /** The answer to a sign-in whose session has been recorded. */
  async signedIn(userId: string, session: NewSession): Promise<AuthResponse> {
    const record = await this.orm.em.fork().findOneOrFail(UserEntity, { id: userId });
    return {
      success: true,
      user: toUserView(record),
      accessToken: await this.accessTokens.issue(userId, session.sessionId),
      refreshToken: session.refreshToken,
      sessionId: session.sessionId,
      expiresIn: this.accessTokens.lifetimeSeconds,
      deviceToken: this.knownDevices.issue(userId),
    };
  }
}
