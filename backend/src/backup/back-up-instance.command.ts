import type { Writable } from 'node:stream';

/** Writes a backup of the whole instance to `out` and records who took it. */
export class BackUpInstanceCommand {
  constructor(
    readonly actorId: string,
    readonly out: Writable,
  ) {}
}
