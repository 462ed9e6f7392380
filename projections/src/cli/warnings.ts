import { z } from 'zod';
import { createLogger, type Logger } from '@quitute/infra/logging';

const settleWaitSchema = z.object({
  waitedMs: z.number(),
  transactions: z.array(
    z.object({
      pid: z.number().nullable(),
      database: z.string().nullable(),
      applicationName: z.string().nullable(),
      state: z.string().nullable(),
      startedAt: z.string().nullable(),
    }),
  ),
});

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/**
 * A warning of the stores for the person at the terminal, in pt-BR. The event
 * store on a PostgreSQL server warns when its settled position (where a rebuild
 * stops) waits long on other sessions' write transactions: which ones, so the
 * engineer knows why the rebuild has not started.
 */
export function cliWarningText(line: string): string {
  const logged: unknown = JSON.parse(line);
  const wait = settleWaitSchema.safeParse(logged);
  if (!wait.success) {
    const message = z.object({ msg: z.string() }).safeParse(logged);
    return `Aviso: ${message.success ? message.data.msg : line.trim()}`;
  }
  const { waitedMs, transactions } = wait.data;
  const seconds = integer.format(Math.round(waitedMs / 1000));
  const head = `Aguardando há ${seconds} s transações de escrita em andamento no servidor PostgreSQL (de qualquer banco): o log só é lido até onde todas terminaram.`;
  if (transactions.length === 0) return head;
  const lines = transactions.map((transaction) =>
    [
      transaction.pid === null ? '  transação preparada' : `  pid ${transaction.pid}`,
      transaction.database && `banco ${transaction.database}`,
      transaction.applicationName && `aplicação ${transaction.applicationName}`,
      transaction.state && `estado ${transaction.state}`,
      transaction.startedAt && `desde ${transaction.startedAt}`,
    ]
      .filter(Boolean)
      .join(' · '),
  );
  return [head, ...lines].join('\n');
}

/** The CLI's logger for the stores: their warnings only, as pt-BR lines on `stream`. */
export function cliLogger(stream: NodeJS.WritableStream = process.stderr): Logger {
  return createLogger({
    level: 'warn',
    destination: { write: (line: string) => stream.write(`${cliWarningText(line)}\n`) },
  });
}
