import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const lagClient = fileURLToPath(new URL('./lag-client.ts', import.meta.url));

export const lagPlanSchema = z.object({
  url: z.string(),
  commandsPerSecond: z.number().positive(),
  seconds: z.number().positive(),
  customers: z.array(z.object({ userId: z.string(), token: z.string() })).min(1),
  items: z
    .array(
      z.object({ id: z.string(), nome: z.string(), preco: z.number(), quantidade: z.number() }),
    )
    .min(1),
});
export type LagPlan = z.infer<typeof lagPlanSchema>;

export const lagFiguresSchema = z.object({
  sent: z.number(),
  accepted: z.number(),
  refused: z.number(),
  /** Accepted commands never seen in query-api within the deadline. */
  neverVisible: z.number(),
  commandsPerSecond: z.number(),
  commandP50: z.number(),
  commandP99: z.number(),
  lagP50: z.number(),
  lagP99: z.number(),
  lagMax: z.number(),
});
export type LagFigures = z.infer<typeof lagFiguresSchema>;

/** Runs the lag client in a process of its own, so the shop's CPU is the shop's. */
export function runLagClient(plan: LagPlan): Promise<LagFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', lagClient], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`lag client exited with ${String(code)}`));
      else resolve(lagFiguresSchema.parse(JSON.parse(output)));
    });
    child.stdin.end(JSON.stringify(plan));
  });
}
