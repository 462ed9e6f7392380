import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startTopology, type Topology } from './launcher';

const HELP = `Uso: npm run topology -- [opções]

Sobe a topologia distribuída como processos nesta máquina, sem Docker: 2 command-api,
2 query-api e 2 projections sobre o PostgreSQL (event store e modelos de leitura num banco
próprio) e o Redis (barramento e limites num número de banco próprio), o provedor de
pagamentos simulado (Mercado Pago de teste) e o nginx do Debian servindo o app web com o
web/nginx.conf do repositório. Ctrl-C para tudo.

Opções
  --fresh            apaga o banco, esvazia o banco do Redis e gera novos segredos antes
  --port <n>         porta do nginx, onde a loja responde (padrão 8080)
  --host <ip>        endereço do nginx (padrão 127.0.0.1)
  --database <nome>  banco no servidor PostgreSQL (padrão quitute_topology)
  --redis-db <n>     número do banco no Redis (padrão 9)
  --run-dir <dir>    segredos, nginx.conf e logs (padrão data/topology)
  --build            gera o app web (npm run build:web) mesmo se já houver web/dist
  -h, --help         esta ajuda

Servidores: TOPOLOGY_POSTGRES_URL (padrão postgres://postgres@127.0.0.1:5432/postgres,
com direito de criar bancos) e TOPOLOGY_REDIS_URL (padrão redis://127.0.0.1:6379).`;

const root = fileURLToPath(new URL('../../../', import.meta.url));
const { values } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    database: { type: 'string', default: 'quitute_topology' },
    'redis-db': { type: 'string', default: '9' },
    'run-dir': { type: 'string', default: path.join(root, 'data/topology') },
    build: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

if (values.build || !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
  console.log('gerando o app web (npm run build:web)…');
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const runDir = path.resolve(values['run-dir']);
fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
let topology: Topology | undefined;
let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log('parando todos os processos…');
  void (topology?.stop() ?? Promise.resolve()).then(() => process.exit(code));
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

try {
  topology = await startTopology({
    root,
    runDir,
    postgresUrl: process.env.TOPOLOGY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    database: values.database,
    redisUrl: process.env.TOPOLOGY_REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisDb: Number(values['redis-db']),
    fresh: values.fresh,
    host: values.host,
    port: Number(values.port),
    logLevel: 'warn',
    onOutput: (name, line) => {
      if (line.trim()) console.log(`[${name}] ${line}`);
    },
    onExit: (name, code, signal) => {
      console.error(
        `[${name}] terminou (${signal ?? `código ${code}`}); veja ${runDir}/logs/${name}.log`,
      );
    },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop(1);
}
if (topology && !stopping) {
  const list = topology.processes
    .map((started) => `  ${started.name.padEnd(14)} pid ${started.child.pid} porta ${started.port}`)
    .join('\n');
  console.log(`
A loja responde em ${topology.url}
Administrador: ${topology.admin.email} / senha ${topology.admin.password}
Banco: ${topology.databaseUrl}
Processos:
${list}
Logs em ${runDir}/logs. Aprovar um Pix no provedor simulado:
  curl -X POST -H 'Authorization: Bearer ${topology.provider.accessToken}' \\
       -H "X-Idempotency-Key: $(uuidgen)" ${topology.provider.url}/test-control/payments/<paymentId>/approve
Ctrl-C para parar tudo.`);
}
