import type { AuthResponse } from '@docent/common/api';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { loadAggregate } from '../../event-store/load-aggregate.js';
import { AccessTokens } from '../tokens/access-tokens.js';
import { KnownDevices } from '../tokens/known-devices.js';
import { generateRefreshToken, sha256 } from '../tokens/secret-tokens.js';
import { decideUser, evolveUser, initialUserState } from '../users/user.decider.js';
import { USER_STREAM_TYPE, userStreamId } from '../users/user.events.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserView } from '../users/user-view.js';
import { decideSession, initialSessionState } from './session.decider.js';
import { SESSION_STREAM_TYPE, sessionStreamId } from './session.events.js';

/**
 * Starts a sign-in session: records the login on the user and the session on its own
 * stream, atomically. The answer carries a device token: the device is now known to the account.
 */
@Injectable()
export class SessionIssuer {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly eventStore: EventStore,
    private readonly accessTokens: AccessTokens,
    private readonly knownDevices: KnownDevices,
  ) {}

  async start(userId: string, rememberMe: boolean): Promise<AuthResponse> {
    const sessionId = randomUUID();
    const refreshToken = generateRefreshToken(sessionId);
    const lifetime = rememberMe ? this.config.auth.rememberMeTtlMs : this.config.auth.refreshTokenTtlMs;
    const user = await loadAggregate(this.eventStore, userStreamId(userId), initialUserState, evolveUser);

    await this.eventStore.append(
      [
        {
          streamId: userStreamId(userId),
          streamType: USER_STREAM_TYPE,
          expectedVersion: user.version,
          events: decideUser({ type: 'RecordLogin', sessionId, rememberMe }, user.state),
        },
        {
          streamId: sessionStreamId(sessionId),
          streamType: SESSION_STREAM_TYPE,
          expectedVersion: 0,
          events: decideSession(
            {
              type: 'Start',
              sessionId,
              userId,
              refreshTokenHash: sha256(refreshToken),
              expiresAt: new Date(Date.now() + lifetime),
              rememberMe,
            },
            initialSessionState(),
          ),
        },
      ],
      { actorId: userId },
    );

    const record = await this.orm.em.fork().findOneOrFail(UserEntity, { id: userId });
    return {
      success: true,
      user: toUserView(record),
      accessToken: await this.accessTokens.issue(userId, sessionId),
      refreshToken,
      sessionId,
      expiresIn: this.accessTokens.lifetimeSeconds,
      deviceToken: this.knownDevices.issue(userId),
    };
  }
}
