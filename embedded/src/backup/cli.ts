import { backupCommand, restoreCommand } from './commands';

/** `npm run backup -- --out <file>` and `npm run restore -- --from <file> --data-dir <dir>`. */
const [command, ...argv] = process.argv.slice(2);
const { code, stdout, stderr } =
  command === 'restore' ? await restoreCommand(argv) : await backupCommand(argv, process.env);
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = code;
