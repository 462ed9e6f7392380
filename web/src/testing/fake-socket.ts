/**
 * A stand-in for socket.io-client's `io` (vi.mock('socket.io-client', () =>
 * import('…/testing/fake-socket'))): records what the page asks of the socket
 * and lets a test play the server's side — connecting and pushing events.
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly emitted: unknown[][] = [];
  disconnected = false;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push([event, ...args]);
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    return this;
  }

  /** The auth payload the handshake would send. */
  handshakeAuth(): unknown {
    const auth = this.options['auth'];
    if (typeof auth !== 'function') return auth;
    let sent: unknown;
    auth((data: unknown) => {
      sent = data;
    });
    return sent;
  }

  /** The server side: the connection is up. */
  connectFromServer(): void {
    this.fire('connect');
  }

  /** The server side: an event arrives. */
  push(event: string, payload: unknown): void {
    this.fire(event, payload);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

export const sockets: FakeSocket[] = [];

export function io(url: string, options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(url, options);
  sockets.push(socket);
  return socket;
}
