import fs from 'node:fs/promises';
import path from 'node:path';
import { makePrivateDirectory } from '@quitute/infra/private-directory';
import { createPgliteStores } from '@quitute/infra/snapshot-store';
import { readBackup, type BackupContents } from './format';

/** The directory to restore into already holds something: pt-BR, for whoever runs the restore. */
export class RestoreTargetError extends Error {
  override readonly name = 'RestoreTargetError';
}

/**
 * Restores a backup into `dataDir`, which must be missing or empty: the file is
 * read once to check it whole (nothing is written for a refused file), then again
 * to write the log into a new PGlite at dataDir/eventstore (each event at its
 * position, streams and the position sequence set past them) and the files with
 * the shop's user's permissions. A failure on the second reading removes what it
 * wrote, leaving the directory as it was.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupContents> {
  const target = path.resolve(dataDir);
  const existing = await fs.readdir(target).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing && existing.length > 0) {
    throw new RestoreTargetError(
      `${target} não está vazio: restaure num diretório novo ou vazio (nada foi escrito).`,
    );
  }
  await readBackup(file);

  makePrivateDirectory(target);
  try {
    const stores = await createPgliteStores({ dataDir: path.join(target, 'eventstore') });
    const { logRows } = stores;
    if (!logRows) throw new Error('the embedded store keeps no rows');
    try {
      const contents = await readBackup(file, {
        events: (rows) => logRows.insert(rows),
        fileChunk: async (chunk, data) => {
          const destination = path.join(target, chunk.path);
          makePrivateDirectory(path.dirname(destination));
          await fs.writeFile(destination, data, {
            mode: 0o600,
            flag: chunk.offset === 0 ? 'wx' : 'a',
          });
        },
      });
      await logRows.finishInsert();
      return contents;
    } finally {
      await stores.snapshotStore.close();
      await stores.eventStore.close();
    }
  } catch (error) {
    await emptyDirectory(target, existing === null);
    throw error;
  }
}

async function emptyDirectory(target: string, created: boolean): Promise<void> {
  if (created) {
    await fs.rm(target, { recursive: true, force: true });
    return;
  }
  for (const name of await fs.readdir(target)) {
    await fs.rm(path.join(target, name), { recursive: true, force: true });
  }
}
