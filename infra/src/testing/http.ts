import http from 'node:http';
import type { RequestListener } from 'node:http';

/** Serves an app on a free port (port 0, or the one given) for real HTTP calls in tests. */
export async function listenOnFreePort(
  app: RequestListener,
  port = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
