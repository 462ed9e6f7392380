import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cliLogger, cliWarningText } from './warnings';

describe('the CLI warnings of the stores', () => {
  it('given the settled position waiting on write transactions, when warned, then the terminal gets a pt-BR line naming each session', () => {
    const line = JSON.stringify({
      level: 40,
      msg: 'The settled position of the log waits for write transactions still running on the server',
      waitedMs: 5_230,
      transactions: [
        {
          pid: 4121,
          database: 'quitute',
          applicationName: 'psql',
          state: 'idle in transaction',
          startedAt: '2026-11-26T15:02:11Z',
        },
        { pid: 4188, database: 'outra', applicationName: null, state: 'active', startedAt: null },
        {
          pid: null,
          database: 'quitute',
          applicationName: 'prepared transaction migracao-7',
          state: 'prepared',
          startedAt: '2026-11-26T14:00:00Z',
        },
      ],
    });

    expect(cliWarningText(line)).toBe(
      [
        'Aguardando há 5 s transações de escrita em andamento no servidor PostgreSQL (de qualquer banco): o log só é lido até onde todas terminaram.',
        '  pid 4121 · banco quitute · aplicação psql · estado idle in transaction · desde 2026-11-26T15:02:11Z',
        '  pid 4188 · banco outra · estado active',
        '  transação preparada · banco quitute · aplicação prepared transaction migracao-7 · estado prepared · desde 2026-11-26T14:00:00Z',
      ].join('\n'),
    );
  });

  it('given any other warning, then its message after "Aviso:"', () => {
    expect(cliWarningText(JSON.stringify({ level: 40, msg: 'Algo a saber' }))).toBe(
      'Aviso: Algo a saber',
    );
  });

  it('given the CLI logger, when a store warns or only informs, then only the warning reaches the stream', () => {
    const stream = new PassThrough();
    const written: string[] = [];
    stream.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const logger = cliLogger(stream);

    logger.info({ waitedMs: 10 }, 'The settled position of the log is read');
    logger.warn({ waitedMs: 6_000, transactions: [] }, 'waits');

    expect(written.join('')).toBe(
      'Aguardando há 6 s transações de escrita em andamento no servidor PostgreSQL (de qualquer banco): o log só é lido até onde todas terminaram.\n',
    );
  });
});
