import { Injectable } from '@nestjs/common';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** argon2id (the library's const enum cannot be imported under isolatedModules) with its defaults: 19 MiB, 2 passes, as OWASP recommends. */
const ARGON2ID: Options = { algorithm: 2 as Algorithm.Argon2id };

@Injectable()
export class PasswordHasher {
  /** Compared against when the email is unknown, so both failures take the same time. */
  private readonly decoy = hash('decoy password that matches nothing', ARGON2ID);

  hash(password: string): Promise<string> {
    return hash(password, ARGON2ID);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    const matches = await verify(passwordHash ?? (await this.decoy), password).catch(() => false);
    return passwordHash !== null && matches;
  }
}
