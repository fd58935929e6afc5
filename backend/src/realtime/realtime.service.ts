import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import { channelRoom, userRoom, type RealtimeChannel } from './realtime-channels.js';
import { RealtimeGateway, type SocketData } from './realtime.gateway.js';

/** What the rest of the server calls to push to sockets; it never touches socket.io itself. */
@Injectable()
export class RealtimeService {
  constructor(private readonly gateway: RealtimeGateway) {}

  send(event: string, room: string, payload: unknown): void {
    this.gateway.server?.to(room).emit(event, payload);
  }

  /** Everyone subscribed to the channel receives the payload as an event named after the channel. */
  publish(channel: RealtimeChannel, payload: unknown): void {
    this.send(channel, channelRoom(channel), payload);
  }

  /** Like publish, to the subscribed sockets whose principal `mayReceive` lets through, one by one. */
  async publishTo(
    channel: RealtimeChannel,
    payload: unknown,
    mayReceive: (principal: Principal) => boolean,
  ): Promise<void> {
    const subscribed = (await this.gateway.server?.in(channelRoom(channel)).fetchSockets()) ?? [];
    for (const socket of subscribed) {
      if (mayReceive((socket.data as SocketData).principal)) socket.emit(channel, payload);
    }
  }

  /** How many of this process's sockets follow the channel. */
  subscriberCount(channel: RealtimeChannel): number {
    return this.gateway.server?.sockets.adapter.rooms.get(channelRoom(channel))?.size ?? 0;
  }

  /** How many sockets this process has open. */
  connectedSocketCount(): number {
    return this.gateway.server?.sockets.sockets.size ?? 0;
  }

  sendToUser(userId: string, event: string, payload: unknown): void {
    this.send(event, userRoom(userId), payload);
  }
}
