import { Injectable } from '@nestjs/common';
import { channelRoom, userRoom, type RealtimeChannel } from './realtime-channels.js';
import { RealtimeGateway } from './realtime.gateway.js';

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

  sendToUser(userId: string, event: string, payload: unknown): void {
    this.send(event, userRoom(userId), payload);
  }
}
