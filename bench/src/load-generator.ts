import autocannon from 'autocannon';
import { loadPlanSchema, type GeneratorFigures, type LoadPlan } from './load';
import { runPaced } from './paced-load';

/**
 * A load run as its own process (bench/src/load.ts spawns it) so the server's
 * CPU is the server's: reads its plan as JSON on stdin, prints the figures as
 * JSON on stdout. Runs count requests rather than time: autocannon stops a
 * timed run by dropping the requests in flight, which the server may still
 * carry out unanswered, and a checkout's count of orders placed must equal
 * the responses received.
 */
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
const plan = loadPlanSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));

const pick = <T>(list: readonly T[]): T => {
  const chosen = list[Math.floor(Math.random() * list.length)];
  if (chosen === undefined) throw new Error('empty list');
  return chosen;
};

type Customer = LoadPlan['customers'][number];
const headers = (customer: Customer) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${customer.token}`,
});

/**
 * Checkouts go round the customers in turn, not at random: each account may
 * hold at most MAX_UNPAID_ORDERS unpaid orders (issue 38), so the run has
 * customers enough for its checkouts to take a few each.
 */
let nextCheckoutCustomer = 0;
const inTurn = (): Customer => {
  const customer = plan.customers[nextCheckoutCustomer % plan.customers.length];
  nextCheckoutCustomer += 1;
  if (customer === undefined) throw new Error('empty list');
  return customer;
};

function nextRequest(): { path: string; headers: Record<string, string>; body: string } {
  const request = plan.request;
  const customer = request.kind === 'checkout' ? inTurn() : pick(plan.customers);
  switch (request.kind) {
    case 'add-to-cart': {
      const { quantidade, ...item } = pick(request.items);
      return {
        path: '/carrinho',
        headers: headers(customer),
        body: JSON.stringify({ userId: customer.userId, item, quantidade }),
      };
    }
    case 'checkout':
      return {
        path: '/payments/mercadopago/transparent-checkout',
        headers: { ...headers(customer), 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ ...request.body, userId: customer.userId, email: customer.email }),
      };
  }
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** `amount` requests, each answered; the rate is over the time to the last answer. */
async function run(amount: number) {
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.url,
        connections: plan.connections,
        amount,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => ({ ...request, ...nextRequest() }),
          },
        ],
      },
      (error: unknown, result) => (error ? reject(toError(error)) : resolve(result)),
    );
    instance.on('response', () => (lastAnswerAt = performance.now()));
  });
  return {
    result,
    requestsPerSecond: (result.requests.total / (lastAnswerAt - startedAt)) * 1_000,
  };
}

/** As many requests as the connections carry, about `plan.seconds` long at the warm-up's rate. */
async function runFlatOut(warmUpRate: number): Promise<GeneratorFigures> {
  const { result, requestsPerSecond } = await run(
    Math.max(plan.connections, Math.round(warmUpRate * plan.seconds)),
  );
  return {
    requestsPerSecond,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout among the errors too.
    errors: result.errors,
    non2xx: result.non2xx,
    completed: result.requests.total,
  };
}

/**
 * The paced load, after 2 s of it unmeasured: its own code (the client, the
 * timers) is not the warm-up's, and measured cold its first requests went out
 * late while it compiled, latencies that were the generator's, not the shop's.
 */
async function runPacedWarm(rate: number): Promise<GeneratorFigures> {
  const paced = (seconds: number) =>
    runPaced({ url: plan.url, connections: plan.connections, rate, seconds, nextRequest });
  const warm = await paced(2);
  const measured = await paced(plan.seconds);
  return {
    ...measured,
    errors: warm.errors + measured.errors,
    non2xx: warm.non2xx + measured.non2xx,
    completed: warm.completed + measured.completed,
  };
}

const warmUp = await run(plan.warmUpRequests);
const measured =
  plan.rate === undefined
    ? await runFlatOut(warmUp.requestsPerSecond)
    : await runPacedWarm(plan.rate);
const figures: GeneratorFigures = {
  ...measured,
  errors: warmUp.result.errors + measured.errors,
  non2xx: warmUp.result.non2xx + measured.non2xx,
  completed: warmUp.result.requests.total + measured.completed,
};
process.stdout.write(JSON.stringify(figures));
