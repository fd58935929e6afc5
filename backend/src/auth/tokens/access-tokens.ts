import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

interface AccessTokenClaims {
  sub: string;
  sid: string;
}

/** Short-lived JWTs naming the user and the session; the session is checked on every use, so logout is immediate. */
@Injectable()
export class AccessTokens {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get lifetimeSeconds(): number {
    return Math.floor(this.config.auth.accessTokenTtlMs / 1000);
  }

  issue(userId: string, sessionId: string): Promise<string> {
    return this.jwt.signAsync({ sub: userId, sid: sessionId } satisfies AccessTokenClaims, {
      expiresIn: this.lifetimeSeconds,
      algorithm: 'HS256',
    });
  }

  async verify(token: string): Promise<{ userId: string; sessionId: string } | null> {
    try {
      const claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, { algorithms: ['HS256'] });
      return typeof claims.sub === 'string' && typeof claims.sid === 'string'
        ? { userId: claims.sub, sessionId: claims.sid }
        : null;
    } catch {
      return null;
    }
  }
}
