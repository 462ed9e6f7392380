import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '@quitute/infra/config';
import { eventStoreTarget } from '@quitute/infra/event-store';
import { createPgliteStores } from '@quitute/infra/snapshot-store';
import { loadEmbeddedConfig } from '../config';
import { writeBackup } from './capture';
import { BackupRefusedError, readBackup, type BackupContents } from './format';
import { restoreBackup, RestoreTargetError } from './restore';
import { requestBackup } from './socket';

export interface CommandOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

const README_OPERATIONS = 'README.md, seção "Operação"';

const BACKUP_USAGE = `Uso: npm run backup -- --out <arquivo>
Faz uma cópia de segurança consistente da loja embarcada de DATA_DIR (./data), com a loja
rodando (pede-a à loja pelo socket DATA_DIR/backup.sock) ou parada (abre o diretório).`;
const RESTORE_USAGE = `Uso: npm run restore -- --from <arquivo> --data-dir <diretório novo ou vazio>`;

const done = (stdout: string): CommandOutcome => ({ code: 0, stdout: stdout + '\n', stderr: '' });
const failed = (stderr: string, code = 1): CommandOutcome => ({
  code,
  stdout: '',
  stderr: stderr + '\n',
});

function options(argv: readonly string[], names: readonly string[]) {
  const parsed = parseArgs({
    args: [...argv],
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
    strict: true,
    allowPositionals: false,
  });
  return (name: string): string | undefined => {
    const value = parsed.values[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
}

/**
 * A text a backup's header brings, as the terminal may show it: its control
 * characters written as escapes. A crafted header (the checksum is no
 * signature) could otherwise move the cursor, rewrite lines or set the title.
 */
const printable = (text: string) =>
  text.replace(/\p{Cc}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** What a backup holds, in one line for the operator. */
function described(contents: Pick<BackupContents, 'header' | 'sha256'>, bytes: number): string {
  const { header } = contents;
  const megabytes = (bytes / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  return (
    `posição do log ${header.position}: ${header.counts.events} eventos em ` +
    `${header.counts.streams} streams, ${header.counts.files} arquivos ` +
    `(${megabytes} MB, SHA-256 ${contents.sha256})`
  );
}

/**
 * `npm run backup -- --out <file>`: the shop of DATA_DIR, as `npm start` reads
 * its environment. Through the running shop's socket when one answers there,
 * else from the data directory opened here. Written beside `out` and renamed
 * once read back whole, so `out` is only ever a complete, checked backup.
 */
export async function backupCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<CommandOutcome> {
  let out: string | undefined;
  let config;
  try {
    out = options(argv, ['out'])('out');
    config = loadEmbeddedConfig(env);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof TypeError) {
      return failed(`${error.message}\n${BACKUP_USAGE}`, 2);
    }
    throw error;
  }
  if (!out) return failed(BACKUP_USAGE, 2);
  const target = eventStoreTarget({ url: config.eventStoreUrl, dataDir: config.dataDir });
  if (target.kind === 'postgres') {
    return failed(
      `EVENTSTORE_URL aponta para um servidor PostgreSQL: a cópia dele se faz com as ferramentas do próprio servidor (pg_dump, ou backup contínuo com arquivamento do WAL para recuperação a um ponto no tempo). Veja ${README_OPERATIONS}.`,
      2,
    );
  }
  if (target.kind === 'esdb') {
    return failed(
      `EVENTSTORE_URL aponta para o EventStoreDB (KurrentDB): a cópia dele se faz com as ferramentas dele (https://docs.kurrent.io/server/latest/operations/backup.html). Veja ${README_OPERATIONS}.`,
      2,
    );
  }

  const file = path.resolve(out);
  const partial = `${file}.${process.pid}.partial`;
  const startedAt = Date.now();
  try {
    const viaShop = await requestBackup(config.dataDir, partial);
    if (!viaShop) {
      const refused = await backupStoppedShop(config.dataDir, target.dataDir, partial);
      if (refused) return failed(refused);
    }
    const contents = await readBackup(partial).catch((error: unknown) => {
      throw error instanceof BackupRefusedError
        ? new Error(
            `a cópia recebida não confere (${error.kind}): ${viaShop ? 'veja o registro da loja' : 'tente de novo'}`,
          )
        : error;
    });
    await fs.rename(partial, file);
    const { size } = await fs.stat(file);
    return done(
      `Cópia de segurança em ${file} (${viaShop ? 'loja rodando' : 'loja parada'}, ${Date.now() - startedAt} ms): ${described(contents, size)}`,
    );
  } catch (error) {
    await fs.rm(partial, { force: true });
    return failed(
      `A cópia de segurança falhou: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The shop is not running: the directory is opened here. Returns why not, when it cannot be. */
async function backupStoppedShop(
  dataDir: string,
  storeDir: string,
  partial: string,
): Promise<string | undefined> {
  if (!existsSync(storeDir)) {
    return `Nenhuma loja em ${dataDir} (falta ${storeDir}): confira DATA_DIR.`;
  }
  let stores;
  try {
    stores = await createPgliteStores({ dataDir: storeDir });
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Another Quitute process is using')) {
      return `A loja está rodando em ${dataDir} mas não respondeu no socket ${path.join(dataDir, 'backup.sock')} (uma versão anterior, ou DATA_DIR com caminho longo demais para um socket): pare-a e rode a cópia de novo.`;
    }
    throw error;
  }
  try {
    const { eventStore, logRows } = stores;
    if (!logRows) throw new Error('the embedded store keeps no rows');
    const { createWriteStream } = await import('node:fs');
    await writeBackup(
      { dataDir, settledPosition: () => eventStore.settledPosition(), logRows },
      createWriteStream(partial, { mode: 0o600 }),
    );
  } finally {
    await stores.snapshotStore.close();
    await stores.eventStore.close();
  }
  return undefined;
}

/** `npm run restore -- --from <file> --data-dir <dir>`. */
export async function restoreCommand(argv: readonly string[]): Promise<CommandOutcome> {
  let from: string | undefined;
  let dataDir: string | undefined;
  try {
    const value = options(argv, ['from', 'data-dir']);
    from = value('from');
    dataDir = value('data-dir');
  } catch (error) {
    if (error instanceof TypeError) return failed(`${error.message}\n${RESTORE_USAGE}`, 2);
    throw error;
  }
  if (!from || !dataDir) return failed(RESTORE_USAGE, 2);
  const file = path.resolve(from);
  if (!existsSync(file)) return failed(`${file} não existe: nada foi restaurado.`, 2);
  const target = path.resolve(dataDir);
  const startedAt = Date.now();
  try {
    const contents = await restoreBackup(file, target);
    const { size } = await fs.stat(file);
    return done(
      `Restaurado em ${target} (${Date.now() - startedAt} ms): ${described(contents, size)}.\n` +
        `Cópia feita em ${contents.header.createdAt} da loja em ${printable(contents.header.shop.host)}:${printable(contents.header.shop.dataDir)}.\n` +
        `Para abrir a loja restaurada: DATA_DIR=${target} npm start`,
    );
  } catch (error) {
    if (error instanceof BackupRefusedError || error instanceof RestoreTargetError) {
      return failed(error.message);
    }
    return failed(
      `A restauração falhou (nada ficou em ${target}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
