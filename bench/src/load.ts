import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';

const loadGenerator = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

/** What each request of a load does; the generator varies customer, item and key per request. */
const requestSchema = z.discriminatedUnion('kind', [
  z.object({
    /** POST /carrinho: a random item of these to a random customer's cart. */
    kind: z.literal('add-to-cart'),
    items: z
      .array(
        z.object({ id: z.string(), nome: z.string(), preco: z.number(), quantidade: z.number() }),
      )
      .min(1),
  }),
  z.object({
    /**
     * POST /payments/mercadopago/transparent-checkout: this body as a random
     * customer (their userId and email added) under a fresh Idempotency-Key,
     * so every request places an order of its own.
     */
    kind: z.literal('checkout'),
    body: z.record(z.string(), z.unknown()),
  }),
]);

export const loadPlanSchema = z.object({
  url: z.string(),
  connections: z.number().int().positive(),
  /** Requests to warm up with (JIT, caches, pools), not measured. */
  warmUpRequests: z.number().int().positive(),
  /** About how long the measured part lasts: its request count is the warm-up's rate times this. */
  seconds: z.number().positive(),
  /**
   * Requests a second the measured part sends, evenly spaced (each connection
   * takes the next one due), instead of as many as the connections can carry;
   * each latency then runs from the moment its request was due, so a request
   * that waited for a free connection counts its wait.
   */
  rate: z.number().positive().optional(),
  customers: z.array(z.object({ userId: z.string(), email: z.string(), token: z.string() })).min(1),
  request: requestSchema,
});
export type LoadPlan = z.infer<typeof loadPlanSchema>;

export const loadFiguresSchema = z.object({
  requestsPerSecond: z.number(),
  p50: z.number(),
  p99: z.number(),
  errors: z.number(),
  non2xx: z.number(),
  /** Responses received, warm-up included: every request sent was answered. */
  completed: z.number(),
});
/** What the load generator prints. */
export type GeneratorFigures = z.infer<typeof loadFiguresSchema>;
export type LoadFigures = GeneratorFigures & {
  /**
   * CPU time of this process (the shop's; a database server's aside) per answer,
   * warm-up included: on a machine shared with other work, a steadier figure of
   * what a request costs than the rate.
   */
  cpuMsPerRequest: number;
  /**
   * Of which the time this process's event loop was busy (its one JavaScript
   * thread, what bounds its rate), per answer, warm-up included.
   */
  mainThreadMsPerRequest: number;
};

/** Runs a load from a process of its own, so the server's CPU is the server's. */
export function runLoadGenerator(plan: LoadPlan): Promise<LoadFigures> {
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', loadGenerator], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`load generator exited with ${String(code)}`));
        return;
      }
      const cpu = process.cpuUsage(cpuBefore);
      const loop = performance.eventLoopUtilization(loopBefore);
      const figures = loadFiguresSchema.parse(JSON.parse(output));
      const answers = Math.max(1, figures.completed);
      resolve({
        ...figures,
        cpuMsPerRequest: (cpu.user + cpu.system) / 1_000 / answers,
        mainThreadMsPerRequest: loop.active / answers,
      });
    });
    child.stdin.end(JSON.stringify(plan));
  });
}
