import { createPostgresLease } from './postgres';

/**
 * A process that takes a PostgreSQL lease, says "held" and holds it until it
 * is killed: the holder a test SIGKILLs (postgres.test.ts).
 */
const [url, name] = process.argv.slice(2);
if (!url || !name) throw new Error('usage: hold-postgres-lease <url> <name>');
await createPostgresLease({ url, name }).acquire();
process.stdout.write('held\n');
setInterval(() => {}, 60_000);
