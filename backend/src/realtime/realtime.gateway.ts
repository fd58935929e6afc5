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
import {
  apiKeyRoom,
  channelRoom,
  isRealtimeChannel,
  REALTIME_CHANNELS,
  sessionRoom,
  userRoom,
} from './realtime-channels.js';

export interface SocketData {
  /** Who opened the socket, and with which session or API key: the end of either closes it. */
  principal: Principal;
}

type Handshake = { principal: Principal } | { refusal: string };

const AUTHENTICATION_REQUIRED = 'Authentication required';
const FOREIGN_ORIGIN =
  "Origin not allowed: a socket signed in with the session cookie must be opened from this site's pages";

type ChannelReply = { success: true; channel: string } | { success: false; error: string };

/**
 * socket.io at /ws. A socket authenticates when it connects, with a bearer token
 * (auth.token or an Authorization header) or the web session cookie; anonymous
 * sockets are refused, and so are cookie ones opened by another site's pages. Each
 * socket joins its user's room, its credential's room and the channels it subscribes to.
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
        .then((handshake) => {
          if ('refusal' in handshake) return next(new Error(handshake.refusal));
          (socket.data as SocketData).principal = handshake.principal;
          next();
        })
        .catch((error: Error) => {
          this.logger.error(`Socket authentication failed: ${error.message}`);
          next(new Error('Authentication failed'));
        });
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    const { userId, sessionId, apiKeyId } = (socket.data as SocketData).principal;
    const credentialRoom = apiKeyId === null ? sessionRoom(sessionId!) : apiKeyRoom(apiKeyId);
    await socket.join([userRoom(userId), credentialRoom]);
  }

  /** Closes the room's sockets, connection and all. */
  closeSockets(room: string): void {
    this.server?.in(room).disconnectSockets(true);
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

  private async authenticate(socket: Socket): Promise<Handshake> {
    const { auth, headers } = socket.handshake;
    const bearer =
      (typeof auth?.token === 'string' && auth.token) || /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
    if (bearer) return this.principalOf(bearer);
    const cookieToken = (await this.webSessions.getSession(headers.cookie)).get('accessToken');
    if (!cookieToken) return { refusal: AUTHENTICATION_REQUIRED };
    // A browser sends the cookie whichever site's page opens the socket; it names that site in Origin.
    if (!isOwnOrigin(headers.origin, headers.host)) return { refusal: FOREIGN_ORIGIN };
    return this.principalOf(cookieToken);
  }

  private async principalOf(bearer: string): Promise<Handshake> {
    const principal = await this.authentication.authenticate(bearer);
    return principal ? { principal } : { refusal: AUTHENTICATION_REQUIRED };
  }
}

/** Whether the page's origin is this server as the client reached it (the Host header). */
function isOwnOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host) return false;
  try {
    const page = new URL(origin);
    return page.host === new URL(`${page.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
