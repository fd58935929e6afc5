declare module '../event-store/domain-event.js' {
  interface DomainEventMap {
    /** An administrator downloaded a backup of the whole instance: the log up to `lastPosition` and the originals. */
    InstanceBackedUp: { eventCount: number; lastPosition: number; fileCount: number };
  }
}

export const INSTANCE_STREAM_ID = 'instance';
export const INSTANCE_STREAM_TYPE = 'instance';
