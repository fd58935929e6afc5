import { Command } from '@nestjs/cqrs';

export interface RefreshResult {
  success: true;
  accessToken: string;
  /** The rotated refresh token: the presented one is now spent. */
  refreshToken: string;
  expiresIn: number;
}

export class RefreshSessionCommand extends Command<RefreshResult> {
  constructor(readonly refreshToken: string) {
    super();
  }
}
