import { Injectable } from '@nestjs/common';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../status/status-component.js';
import { RealtimeGateway } from './realtime.gateway.js';

/** The socket server: how many sockets this process holds. A restart closes them all; clients reconnect and authenticate afresh. */
@StatusComponent('realtime')
@Injectable()
export class RealtimeProbe implements StatusProbe {
  constructor(private readonly gateway: RealtimeGateway) {}

  async probe(): Promise<ComponentStatus> {
    const server = this.gateway.server as RealtimeGateway['server'] | undefined;
    if (!server) return { status: 'unavailable', message: 'The socket server is not listening' };
    return { status: 'ready', connectedSockets: server.sockets.sockets.size };
  }

  async restart(): Promise<void> {
    this.gateway.server?.disconnectSockets(true);
  }
}
