import { auditCommand } from './command';

/** `npm run audit -- order …`: the audit command on this process's arguments and streams. */
process.exitCode = await auditCommand(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
