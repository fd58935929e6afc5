import type { Permission } from '@docent/common/permissions';

/** What a socket may subscribe to, and the permission each channel needs. */
export const REALTIME_CHANNELS = {
  metrics: 'dashboard:view',
  activity: 'dashboard:view',
  documents: 'documents:read',
} as const satisfies Record<string, Permission>;

export type RealtimeChannel = keyof typeof REALTIME_CHANNELS;

export const isRealtimeChannel = (value: unknown): value is RealtimeChannel =>
  typeof value === 'string' && Object.hasOwn(REALTIME_CHANNELS, value);

export const channelRoom = (channel: RealtimeChannel) => `channel:${channel}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket is also in the room of the credential that opened it, so that the credential's end closes it. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const apiKeyRoom = (apiKeyId: string) => `api-key:${apiKeyId}`;
