import { Agent, fetch } from 'undici';
import { z } from 'zod';
import { lagPlanSchema, type LagFigures, type LagPlan } from './lag';
import { percentile } from './stats';

/**
 * The client of the projection-lag benchmark, in its own process (bench/src/
 * projection-lag.ts spawns it): reads its plan as JSON on stdin, prints its
 * figures as JSON on stdout. Sends POST /carrinho at a steady rate (open loop:
 * a command is sent on its tick whether or not the earlier ones are answered),
 * each to the next customer in turn; after each 2xx it reads the cart back
 * through query-api until the new quantity shows, and records the time from
 * the 2xx to that answer.
 */
const cartSchema = z.object({
  itens: z.array(z.object({ item: z.object({ nome: z.string() }), quantidade: z.number() })),
});

const VISIBLE_DEADLINE_MS = 5_000;
/** Keep-alive connections to the shop, as a reverse proxy would hold: requests beyond wait for one. */
const dispatcher = new Agent({ connections: 64 });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(plan: LagPlan): Promise<LagFigures> {
  /** What each cart holds by now, as the commands accepted so far made it. */
  const expected = new Map<string, Map<string, number>>();
  const commandLatencies: number[] = [];
  const lags: number[] = [];
  let accepted = 0;
  let refused = 0;
  let neverVisible = 0;
  let lastAcceptedAt = 0;

  const oneCommand = async (n: number): Promise<void> => {
    const customer = plan.customers[n % plan.customers.length];
    const chosen = plan.items[n % plan.items.length];
    if (!customer || !chosen) return;
    const { quantidade, ...item } = chosen;
    const headers = {
      authorization: `Bearer ${customer.token}`,
      'content-type': 'application/json',
    };
    const sent = performance.now();
    const response = await fetch(`${plan.url}/carrinho`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userId: customer.userId, item, quantidade }),
      dispatcher,
    }).catch(() => null);
    await response?.arrayBuffer();
    const answeredAt = performance.now();
    if (!response?.ok) {
      refused += 1;
      return;
    }
    accepted += 1;
    lastAcceptedAt = answeredAt;
    commandLatencies.push(answeredAt - sent);
    // The client's own queue (a command waiting for a connection) counts in its latency, not in the lag.
    const cart = expected.get(customer.userId) ?? new Map<string, number>();
    expected.set(customer.userId, cart);
    const want = (cart.get(item.nome) ?? 0) + quantidade;
    cart.set(item.nome, want);
    while (performance.now() - answeredAt < VISIBLE_DEADLINE_MS) {
      const read = await fetch(`${plan.url}/carrinho/${customer.userId}`, {
        headers,
        dispatcher,
      }).catch(() => null);
      const body = cartSchema.safeParse(await read?.json().catch(() => null));
      const line = body.success
        ? body.data.itens.find((entry) => entry.item.nome === item.nome)
        : undefined;
      if ((line?.quantidade ?? 0) >= want) {
        lags.push(performance.now() - answeredAt);
        return;
      }
      await wait(2);
    }
    neverVisible += 1;
  };

  const total = Math.round(plan.commandsPerSecond * plan.seconds);
  const interval = 1_000 / plan.commandsPerSecond;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n += 1) {
    const due = started + n * interval;
    const early = due - performance.now();
    if (early > 0) await wait(early);
    inFlight.push(oneCommand(n));
  }
  await Promise.all(inFlight);
  commandLatencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    sent: total,
    accepted,
    refused,
    neverVisible,
    commandsPerSecond: (accepted / (lastAcceptedAt - started)) * 1_000,
    commandP50: percentile(commandLatencies, 50),
    commandP99: percentile(commandLatencies, 99),
    lagP50: percentile(lags, 50),
    lagP99: percentile(lags, 99),
    lagMax: lags.at(-1) ?? Number.NaN,
  };
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
const plan = lagPlanSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
process.stdout.write(JSON.stringify(await run(plan)));
