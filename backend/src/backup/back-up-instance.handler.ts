import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '../event-store/event-store.service.js';
import { BackUpInstanceCommand } from './back-up-instance.command.js';
import { INSTANCE_STREAM_ID, INSTANCE_STREAM_TYPE } from './backup.events.js';
import { InstanceBackup, type BackupSummary } from './instance-backup.service.js';

/** A backup is a fact to record, not a decision: nothing can refuse one that was written. */
@CommandHandler(BackUpInstanceCommand)
export class BackUpInstanceHandler implements ICommandHandler<BackUpInstanceCommand> {
  constructor(
    private readonly backup: InstanceBackup,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ actorId, out }: BackUpInstanceCommand): Promise<BackupSummary> {
    const summary = await this.backup.backUp(out);
    await this.eventStore.append(
      {
        streamId: INSTANCE_STREAM_ID,
        streamType: INSTANCE_STREAM_TYPE,
        expectedVersion: 'any',
        events: [{ type: 'InstanceBackedUp', data: summary }],
      },
      { actorId },
    );
    // Ended only now: whoever downloads it has the whole archive once it is on record.
    await new Promise<void>((resolve) => out.end(resolve));
    return summary;
  }
}
