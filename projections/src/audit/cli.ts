import { auditCommand } from './command';

/** `npm run audit -- order …`: the audit command on this process's arguments, to its streams. */
const { code, stdout, stderr } = await auditCommand(process.argv.slice(2), process.env);
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = code;
