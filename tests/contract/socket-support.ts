import type { AddressInfo } from 'node:net';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { TestApp } from '../../backend/src/testing/test-app.js';

/** How long a socket may take to be told it is closed; a generous bound, never a wait. */
export const DISCONNECT_TIMEOUT_MS = 5_000;

/** The test app listening on a free loopback port, for clients that need a real socket. */
export async function listeningUrl(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
}

/** Socket.io clients of /ws, each closed by `closeAll` after its test. */
export class SocketClients {
  private readonly sockets: Socket[] = [];

  constructor(private readonly url: () => string) {}

  /** A client not yet connected: listen for what it should see before it does. */
  connect(options: Partial<ManagerOptions & SocketOptions> = {}): Socket {
    const socket = io(this.url(), {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...options,
    });
    this.sockets.push(socket);
    return socket;
  }

  /** An open socket signed in with the credential (access token or API key). */
  async open(credential: string): Promise<Socket> {
    const socket = this.connect({ auth: { token: credential } });
    await connected(socket);
    return socket;
  }

  closeAll(): void {
    for (const socket of this.sockets.splice(0)) socket.disconnect();
  }
}

/** Resolves once the socket is connected; rejects with the server's refusal. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
}

/** Resolves with the reason once the server closes the socket; listen before causing it. */
export function disconnection(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not close the socket')), DISCONNECT_TIMEOUT_MS);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** What a socket signed in with the credential is pushed on the channel once subscribed, collected as it arrives. */
export async function collectFrom<Message>(
  sockets: SocketClients,
  credential: string,
  channel: string,
): Promise<Message[]> {
  const socket = sockets.connect({ auth: { token: credential } });
  const received: Message[] = [];
  socket.on(channel, (message: Message) => received.push(message));
  await connected(socket);
  await socket.emitWithAck('subscribe', { channel });
  return received;
}

/** Waits until the check holds, as pushes arrive; fails the test if it never does. */
export async function eventually(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !check(); attempt++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!check()) throw new Error('What the test waited for never happened');
}
