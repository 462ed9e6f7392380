import autocannon from 'autocannon';
import { z } from 'zod';

/**
 * The add-to-cart load, run as its own process (bench/src/cart.ts spawns it) so
 * the server's CPU is the server's: reads its plan as JSON on stdin, prints
 * autocannon's figures as JSON on stdout. Each request adds a random menu item
 * to a random customer's cart.
 */
const planSchema = z.object({
  url: z.string(),
  connections: z.number().int().positive(),
  seconds: z.number().positive(),
  warmUpSeconds: z.number().nonnegative(),
  customers: z.array(z.object({ userId: z.string(), token: z.string() })).min(1),
  items: z
    .array(
      z.object({ id: z.string(), nome: z.string(), preco: z.number(), quantidade: z.number() }),
    )
    .min(1),
});

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
const plan = planSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));

const pick = <T>(list: readonly T[]): T => {
  const chosen = list[Math.floor(Math.random() * list.length)];
  if (chosen === undefined) throw new Error('empty list');
  return chosen;
};

const run = (seconds: number) =>
  autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/carrinho',
        setupRequest: (request) => {
          const customer = pick(plan.customers);
          const { quantidade, ...item } = pick(plan.items);
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${customer.token}`,
            },
            body: JSON.stringify({ userId: customer.userId, item, quantidade }),
          };
        },
      },
    ],
  });

if (plan.warmUpSeconds > 0) await run(plan.warmUpSeconds);
const result = await run(plan.seconds);
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }),
);
