import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** How long a device stays known without signing in again. */
const KNOWN_DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60_000;

/**
 * A device token, handed out at each successful sign-in and presented with the next ones,
 * shows that the device has signed in to that account before: its attempts are counted
 * apart from everybody else's, so that guessing from elsewhere never slows the owner down
 * there. Stateless: `issuedAt.deviceId.mac`, the mac binding the account, the time and the
 * device id with a key of its own derived from the access-token secret.
 */
@Injectable()
export class KnownDevices {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.auth.jwtSecret, '', 'docent known device', 32));
  }

  issue(userId: string, now = Date.now()): string {
    const deviceId = randomBytes(16).toString('base64url');
    return `${now}.${deviceId}.${this.mac(userId, now, deviceId).toString('base64url')}`;
  }

  /** The device id of a token issued to this account and still valid, else null. */
  deviceOf(token: string, userId: string, now = Date.now()): string | null {
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const issuedAt = Number(match[1]);
    const deviceId = match[2]!;
    if (now - issuedAt > KNOWN_DEVICE_LIFETIME_MS) return null;
    const given = Buffer.from(match[3]!, 'base64url');
    const expected = this.mac(userId, issuedAt, deviceId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
  }

  private mac(userId: string, issuedAt: number, deviceId: string): Buffer {
    return createHmac('sha256', this.key).update(`${userId}\n${issuedAt}\n${deviceId}`).digest();
  }
}
