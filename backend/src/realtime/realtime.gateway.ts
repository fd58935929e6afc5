import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { hasPermission } from '@docent/common/permissions';
import { createWebSessionStorage, type WebSessionStorage } from '@docent/common/web-session';
import { AuthenticationService } from '../auth/authentication.service.js';
import type { Principal } from '../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { channelRoom, isRealtimeChannel, REALTIME_CHANNELS, userRoom } from './realtime-channels.js';

export interface SocketData {
  principal: Principal;
}

type ChannelReply = { success: true; channel: string } | { success: false; error: string };

/**
 * socket.io at /ws. A socket authenticates when it connects, with a bearer token
 * (auth.token or an Authorization header) or the web session cookie; anonymous
 * sockets are refused. Each socket joins its user's room and the channels it subscribes to.
 */
@WebSocketGateway({ path: '/ws', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly webSessions: WebSessionStorage;

  constructor(
    private readonly authentication: AuthenticationService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.webSessions = createWebSessionStorage({
      secret: config.auth.sessionSecret,
      secure: config.auth.secureCookies,
    });
  }

  afterInit(server: Server): void {
    server.use((socket, next) => {
      this.authenticate(socket)
        .then((principal) => {
          if (!principal) return next(new Error('Authentication required'));
          (socket.data as SocketData).principal = principal;
          next();
        })
        .catch((error: Error) => {
          this.logger.error(`Socket authentication failed: ${error.message}`);
          next(new Error('Authentication failed'));
        });
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    await socket.join(userRoom((socket.data as SocketData).principal.userId));
  }

  @SubscribeMessage('subscribe')
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<ChannelReply> {
    const channel = (body as { channel?: unknown } | null)?.channel;
    if (!isRealtimeChannel(channel)) {
      return { success: false, error: `Unknown channel. Channels: ${Object.keys(REALTIME_CHANNELS).join(', ')}` };
    }
    if (!hasPermission((socket.data as SocketData).principal, REALTIME_CHANNELS[channel])) {
      return { success: false, error: `You don't have permission to follow ${channel}` };
    }
    await socket.join(channelRoom(channel));
    return { success: true, channel };
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<ChannelReply> {
    const channel = (body as { channel?: unknown } | null)?.channel;
    if (!isRealtimeChannel(channel)) return { success: false, error: 'Unknown channel' };
    await socket.leave(channelRoom(channel));
    return { success: true, channel };
  }

  private async authenticate(socket: Socket): Promise<Principal | null> {
    const { auth, headers } = socket.handshake;
    const bearer =
      (typeof auth?.token === 'string' && auth.token) ||
      /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1] ||
      (await this.webSessions.getSession(headers.cookie)).get('accessToken');
    return bearer ? this.authentication.authenticate(bearer) : null;
  }
}
