import { Command } from '@nestjs/cqrs';

export class DeleteApiKeyCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly keyId: string,
  ) {
    super();
  }
}
