import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ProjectionsStatus } from '@quitute/contracts';
import { progressBar } from './progress';
import { cliLogger } from './warnings';
import {
  CliError,
  isLockedByRunningShop,
  openStores,
  shopTarget,
  type ProjectionsTarget,
} from './targets';
import type { RebuildResult } from '../rebuild';
import type { VerifyResult } from '../verify';

const HELP = `Uso: npm run projections -- <comando> [opções]

Comandos
  list                 as projeções e suas coleções
  status               checkpoint, eventos e segundos de atraso e último erro de cada projeção
  rebuild <nome>       reconstrói a projeção numa coleção nova e troca de uma vez (blue/green):
                       a coleção em uso continua servindo até a troca
  rebuild --all        reconstrói todas, numa só leitura do log
  verify <nome>        reconstrói a projeção à parte (em memória) até o checkpoint dela e compara
                       documento por documento com a coleção em uso; código de saída 1 se houver
                       diferenças

Onde age
  Loja embarcada parada (padrão): abre o PGlite de DATA_DIR (./data). Os modelos de leitura
    dela vivem em memória e são reconstruídos a cada início: o CLI os constrói do log como a
    loja faz ao iniciar; rebuild mede a reconstrução e verify confere o determinismo das
    projeções (nada persiste ao sair).
  Loja embarcada em execução: o PGlite fica travado pela loja; o CLI usa a API de
    administração da loja em SHOP_URL (ou --url; padrão http://localhost:PORT) com o token de
    um administrador em QUITUTE_ADMIN_TOKEN (ou --token). rebuild e verify agem então nos
    modelos de leitura que a loja está servindo.
  Topologia distribuída: com EVENTSTORE_URL e MONGO_URL (ou READ_STORE_URL, os modelos de
    leitura num PostgreSQL), age direto nos stores. rebuild constrói a coleção nova e pede a troca ao serviço de
    projeções que detém o lease: ele a alcança com o que aplicou enquanto isso e troca; com o
    serviço parado, o CLI toma o lease e faz a troca ele mesmo.

Opções
  --all            com rebuild: todas as projeções
  --url <url>      a loja em execução (SHOP_URL)
  --token <jwt>    token de administrador (QUITUTE_ADMIN_TOKEN)
  -h, --help       esta ajuda

Progresso (eventos/s e ETA) em stderr; resultado em stdout.`;

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      all: { type: 'boolean', default: false },
      url: { type: 'string' },
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, name, ...rest] = positionals;
  if (values.help || !command) {
    console.log(HELP);
    return command || values.help ? 0 : 2;
  }
  if (rest.length > 0) throw new CliError(`Argumentos a mais: ${rest.join(' ')}`);
  const needsName = command === 'verify' || (command === 'rebuild' && !values.all);
  if (!['list', 'status', 'rebuild', 'verify'].includes(command)) {
    throw new CliError(`Comando desconhecido: ${command}. Veja --help.`);
  }
  if (needsName && !name) throw new CliError(`Diga qual projeção: ${command} <nome>.`);

  const target = await openTarget(values, env);
  console.error(`Agindo sobre ${target.description}.`);
  try {
    switch (command) {
      case 'list':
        for (const projection of await target.list()) {
          console.log(`${projection.name.padEnd(28)} ${projection.collection}`);
        }
        return 0;
      case 'status':
        printStatus(await target.status());
        return 0;
      case 'rebuild': {
        const bar = progressBar();
        const started = performance.now();
        const results = await target.rebuild(values.all ? 'all' : [name ?? ''], bar.update);
        bar.done();
        printRebuild(results, performance.now() - started);
        return 0;
      }
      case 'verify': {
        const bar = progressBar();
        const result = await target.verify(name ?? '', bar.update);
        bar.done();
        printVerify(result);
        return result.differences.length > 0 ? 1 : 0;
      }
      default:
        return 2;
    }
  } finally {
    await target.close();
  }
}

async function openTarget(
  options: { url?: string | undefined; token?: string | undefined },
  env: NodeJS.ProcessEnv,
): Promise<ProjectionsTarget> {
  const shopUrl = options.url ?? env['SHOP_URL'];
  const token = options.token ?? env['QUITUTE_ADMIN_TOKEN'];
  const viaShop = (url: string) => {
    if (!token) {
      throw new CliError(
        `A loja está em execução (${url}): o CLI passa pela API de administração dela e precisa do token de um administrador em QUITUTE_ADMIN_TOKEN ou --token.`,
      );
    }
    return shopTarget(url, token);
  };
  if (shopUrl) return viaShop(shopUrl);
  const dataDir = path.resolve(env['DATA_DIR'] || './data');
  try {
    return await openStores({
      dataDir,
      logger: cliLogger(),
      ...(env['EVENTSTORE_URL'] ? { eventStoreUrl: env['EVENTSTORE_URL'] } : {}),
      ...(env['MONGO_URL'] ? { mongoUrl: env['MONGO_URL'] } : {}),
      ...(env['READ_STORE_URL'] ? { readStoreUrl: env['READ_STORE_URL'] } : {}),
    });
  } catch (error) {
    // The shop holds its data directory: never open it beside it, ask the shop.
    if (isLockedByRunningShop(error)) return viaShop(`http://localhost:${env['PORT'] || 3000}`);
    throw error;
  }
}

function printStatus(status: ProjectionsStatus): void {
  console.log(`Log na posição ${integer.format(status.position)}`);
  const rows = status.projections.map((projection) => ({
    projeção: projection.name,
    estado: projection.state,
    checkpoint: integer.format(projection.checkpoint),
    'eventos atrás': integer.format(projection.eventsBehind),
    'segundos atrás': decimal.format(projection.secondsBehind),
    'último erro': projection.lastError
      ? `${projection.lastError.eventType} na posição ${projection.lastError.position}: ${projection.lastError.message}`
      : '',
  }));
  printRows(rows);
}

function printRebuild(results: readonly RebuildResult[], elapsedMs: number): void {
  printRows(
    results.map((result) => ({
      projeção: result.projection,
      coleção: result.collection,
      documentos: integer.format(result.documents),
      checkpoint: integer.format(result.position),
    })),
  );
  const events = results[0]?.events ?? 0;
  const seconds = elapsedMs / 1000;
  console.log(
    `${integer.format(events)} eventos em ${decimal.format(seconds)} s (${integer.format(events / seconds)} eventos/s)`,
  );
}

const KINDS = { missing: 'faltando', extra: 'sobrando', different: 'diferente' } as const;

function printVerify(result: VerifyResult): void {
  for (const difference of result.differences) {
    const fields = difference.fields.length > 0 ? `: ${difference.fields.join(', ')}` : '';
    console.log(`${KINDS[difference.kind].padEnd(10)} ${difference.id}${fields}`);
  }
  const count = result.differences.length;
  console.log(
    `${result.projection}: ${integer.format(result.documents)} documentos comparados na posição ${integer.format(result.position)}; ${count === 0 ? 'nenhuma diferença' : `${count} ${count === 1 ? 'diferença' : 'diferenças'}`}.`,
  );
}

function printRows(rows: readonly Record<string, string>[]): void {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(line(columns));
  for (const row of rows) console.log(line(columns.map((column) => row[column] ?? '')));
}

try {
  process.exitCode = await main(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
