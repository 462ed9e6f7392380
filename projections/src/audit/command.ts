import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  orderMessages,
  parseShopDateTime,
  readOrderHistory,
  type HistoryCut,
} from '@quitute/contracts';
import { commonEnv, ConfigError, loadConfig } from '@quitute/infra/config';
import { createEventStore, eventStoreTarget, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { formatHistory } from './format';

/**
 * `npm run audit -- order <orderNumber|id> [--as-of <time>] [--position <n>] [--json]`:
 * an order's history read from the event store alone (no read model, so it
 * works with the shop stopped and its read models gone), configured as the
 * services are: EVENTSTORE_URL, or the embedded PGlite store in DATA_DIR.
 */

const USAGE = `Uso: npm run audit -- order <número do pedido|id> [--as-of <data e hora>] [--position <posição>] [--json]

  --as-of     o pedido como estava nesse momento: ISO com fuso (2026-11-25T14:30:00-03:00)
              ou hora da loja, America/Sao_Paulo (2026-11-25T14:30)
  --position  o pedido como estava nessa posição do log
  --json      o histórico em JSON (o mesmo de GET /api/admin/orders/{id}/history)

Lê o event store de EVENTSTORE_URL (esdb:// ou postgres://) ou, sem ela, o PGlite em DATA_DIR (./data).`;

/** Exit codes: the order was not found, or the command could not run. */
const NOT_FOUND = 1;
const FAILED = 2;

class CliError extends Error {}
/** --help: the usage on stdout, exit code 0. */
class HelpAsked extends Error {}

const envSchema = z.object({
  EVENTSTORE_URL: commonEnv.EVENTSTORE_URL,
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
});

function parseCommand(argv: string[]): { reference: string; cut: HistoryCut; json: boolean } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'as-of': { type: 'string' },
      position: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) throw new HelpAsked(USAGE);
  const [command, reference, ...rest] = positionals;
  if (command !== 'order' || reference === undefined || rest.length > 0) throw new CliError(USAGE);
  const asOf = values['as-of'];
  const position = values.position;
  if (asOf !== undefined && position !== undefined) {
    throw new CliError('Informe --as-of ou --position, não os dois.');
  }
  if (asOf !== undefined) {
    const instant = parseShopDateTime(asOf);
    if (!instant) throw new CliError(`Data e hora inválida em --as-of: ${asOf}`);
    return { reference, cut: { asOf: instant.toISOString() }, json: values.json };
  }
  if (position !== undefined) {
    if (!/^\d{1,15}$/.test(position)) throw new CliError(`Posição inválida: ${position}`);
    return { reference, cut: { position: Number(position) }, json: values.json };
  }
  return { reference, cut: null, json: values.json };
}

async function openEventStore(env: NodeJS.ProcessEnv): Promise<EventStore> {
  const config = loadConfig(envSchema, env);
  const dataDir = path.resolve(config.DATA_DIR);
  const target = eventStoreTarget({
    ...(config.EVENTSTORE_URL ? { url: config.EVENTSTORE_URL } : {}),
    dataDir,
  });
  // PGlite would create an empty store in a mistyped directory: read only an existing one.
  if (target.kind === 'pglite' && !existsSync(target.dataDir)) {
    throw new CliError(
      `Nenhum event store em ${target.dataDir} (No event store there): confira DATA_DIR ou EVENTSTORE_URL.`,
    );
  }
  try {
    return await createEventStore({
      ...(config.EVENTSTORE_URL ? { url: config.EVENTSTORE_URL } : {}),
      dataDir,
      // Only EventStoreDB logs (foreign events it skips), which would mix with --json on stdout.
      logger: silentLogger,
    });
  } catch (error) {
    // The embedded shop holds its PGlite directory while it runs; two processes on it corrupt it.
    if (error instanceof Error && error.message.startsWith('Another Quitute process is using')) {
      throw new CliError(
        [
          `A loja está rodando e usa ${target.kind === 'pglite' ? target.dataDir : 'o event store'}: pare-a (npm start) e rode a auditoria de novo,`,
          'ou consulte GET /api/admin/orders/{id}/history com a loja no ar.',
          `The shop is running and holds this PGlite data directory; stop it and run the audit again (or use the history endpoint).`,
        ].join('\n'),
      );
    }
    throw error;
  }
}

/** What the command prints and its exit code: 0, 1 when the order is not found, 2 when it could not run. */
export interface AuditOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run audit -- …` on these arguments and this environment. */
export async function auditCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<AuditOutcome> {
  try {
    return await runAudit(argv, env);
  } catch (error) {
    if (error instanceof HelpAsked) return { code: 0, stdout: `${error.message}\n`, stderr: '' };
    return { code: FAILED, stdout: '', stderr: `${whyItFailed(error)}\n` };
  }
}

async function runAudit(argv: string[], env: NodeJS.ProcessEnv): Promise<AuditOutcome> {
  const { reference, cut, json } = parseCommand(argv);
  const store = await openEventStore(env);
  try {
    const history = await readOrderHistory(store, reference, cut);
    if (!history) {
      return { code: NOT_FOUND, stdout: `${orderMessages.notFound} (${reference})\n`, stderr: '' };
    }
    const stdout = json ? `${JSON.stringify(history, null, 2)}\n` : formatHistory(history);
    return { code: 0, stdout, stderr: '' };
  } finally {
    await store.close();
  }
}

function whyItFailed(error: unknown): string {
  if (error instanceof CliError || error instanceof ConfigError) return error.message;
  // parseArgs: an unknown option or a missing value.
  if (error instanceof TypeError && 'code' in error) return `${error.message}\n\n${USAGE}`;
  return `A auditoria falhou (audit failed): ${String(error)}`;
}
