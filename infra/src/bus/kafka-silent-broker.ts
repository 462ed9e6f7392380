import net from 'node:net';

const API_VERSIONS = 18;
/** Every API key of Kafka 3.x, offered at versions 0 to 2 (never answered anyway). */
const API_KEYS = Array.from({ length: 68 }, (_, key) => key);

/**
 * A Kafka broker in an outage, for tests: it accepts connections and answers
 * the handshake (ApiVersions), so a client connects, and never answers another
 * request — what a client sees of a broker that hangs, or of one behind a
 * network that drops packets. Without `handshake` it answers nothing at all.
 * `connections` counts what it accepted.
 */
export async function startSilentBroker(options: { handshake?: boolean } = {}): Promise<{
  address: string;
  connections: () => number;
  stop(): Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 4) {
        const size = buffered.readInt32BE(0);
        if (buffered.length < 4 + size) break;
        const request = buffered.subarray(4, 4 + size);
        buffered = buffered.subarray(4 + size);
        const apiKey = request.readInt16BE(0);
        const correlationId = request.readInt32BE(4);
        if (apiKey === API_VERSIONS && options.handshake !== false)
          socket.write(apiVersionsResponse(correlationId));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bound = server.address();
  if (bound === null || typeof bound === 'string') throw new Error('no TCP address');
  return {
    address: `127.0.0.1:${bound.port}`,
    connections: () => accepted,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** ApiVersions v0–v2 share this layout (v0 ignores the trailing throttle time). */
function apiVersionsResponse(correlationId: number): Buffer {
  const body = Buffer.alloc(4 + 2 + 4 + API_KEYS.length * 6 + 4);
  let at = body.writeInt32BE(correlationId, 0);
  at = body.writeInt16BE(0, at);
  at = body.writeInt32BE(API_KEYS.length, at);
  for (const key of API_KEYS) {
    at = body.writeInt16BE(key, at);
    at = body.writeInt16BE(0, at);
    at = body.writeInt16BE(2, at);
  }
  body.writeInt32BE(0, at);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length, 0);
  return Buffer.concat([size, body]);
}
