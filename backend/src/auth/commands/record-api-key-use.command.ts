import { Command } from '@nestjs/cqrs';

/** Notes that an API key was just used, for the "last used" its owner sees. */
export class RecordApiKeyUseCommand extends Command<void> {
  constructor(
    readonly keyId: string,
    /** The key's owner, on whose behalf it was used. */
    readonly userId: string,
  ) {
    super();
  }
}
