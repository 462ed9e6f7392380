import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '@quitute/infra/logging';
import { writeBackup, type BackupSource } from './capture';

/**
 * The running shop holds its PGlite directory locked, so `npm run backup` asks
 * the shop itself: the shop listens on this Unix socket inside DATA_DIR (0600,
 * in a directory that is the shop user's alone: whoever may connect may already
 * read every file there) and streams a backup to whoever connects and asks.
 */
export const BACKUP_SOCKET = 'backup.sock';
const REQUEST = 'backup\n';
/** A socket path longer than this does not fit in sockaddr_un on Linux (108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

export const backupSocketPath = (dataDir: string) => path.join(dataDir, BACKUP_SOCKET);

export interface BackupSocket {
  /** Where it listens; undefined when DATA_DIR's path is too long for a socket. */
  path: string | undefined;
  close(): Promise<void>;
}

/**
 * Listens for backup requests. A socket left by a shop that died is removed
 * first: this process holds the store's lock, so no other shop listens there.
 * One backup at a time; a second request waits for the first.
 */
export async function serveBackups(source: BackupSource, logger: Logger): Promise<BackupSocket> {
  const socketPath = backupSocketPath(source.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    logger.warn(
      { socketPath },
      'DATA_DIR is too long a path for the backup socket: stop the shop to back it up',
    );
    return { path: undefined, close: async () => {} };
  }
  await fs.rm(socketPath, { force: true });
  let running: Promise<unknown> = Promise.resolve();
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    socket.once('error', () => {});
    let asked = '';
    const onData = (chunk: Buffer) => {
      asked += chunk.toString('latin1');
      if (asked.length < REQUEST.length) return;
      socket.off('data', onData);
      if (asked !== REQUEST) {
        socket.destroy();
        return;
      }
      const startedAt = Date.now();
      running = running.then(() =>
        writeBackup(source, socket).then(
          ({ header }) =>
            logger.info(
              { position: header.position, ...header.counts, ms: Date.now() - startedAt },
              'backup streamed',
            ),
          (error: unknown) => {
            logger.error({ err: error }, 'backup failed');
            socket.destroy();
          },
        ),
      );
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket is created 0600 (the umask applies to its bind, done synchronously
    // by listen), never chmod-ed after: that would leave a moment in which, under a
    // loose umask, another local user could connect and keep the connection.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  return {
    path: socketPath,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await closed;
      await running.catch(() => {});
      await fs.rm(socketPath, { force: true });
    },
  };
}

/**
 * Asks the shop listening in dataDir for a backup and writes it to `file`.
 * Resolves false when no shop listens there (no socket, or one a dead shop left).
 */
export async function requestBackup(dataDir: string, file: string): Promise<boolean> {
  const socket = await connect(backupSocketPath(dataDir));
  if (!socket) return false;
  socket.write(REQUEST);
  await pipeline(socket, createWriteStream(file, { mode: 0o600 }));
  return true;
}

function connect(socketPath: string): Promise<net.Socket | null> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
