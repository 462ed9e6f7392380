import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniformRateLimits } from '@quitute/command-api';
import { userStreamName } from '@quitute/contracts';
import { createEmbeddedServer } from '@quitute/embedded';
import { createTokenService } from '@quitute/infra/auth';
import type { EventStore, NewEvent } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { percentile } from './stats';

const jwtSecret = 'bench-secret-bench-secret-bench-secret!';
const seedBatch = 500;

function userEvent(userId: string, type: string, data: Record<string, unknown>): NewEvent {
  return {
    id: crypto.randomUUID(),
    type,
    data: { userId, ...data },
    metadata: {
      correlationId: 'bench',
      causationId: 'bench',
      actorId: userId,
      actorRole: 'user',
      occurredAt: '2026-11-21T12:00:00.000Z',
    },
  };
}

/** A user registered and then toggling SMS until the stream holds `events` events. */
async function seedUser(store: EventStore, events: number): Promise<string> {
  const userId = crypto.randomUUID();
  const all = [
    userEvent(userId, 'UserRegistered', {
      email: `${userId}@example.com`,
      name: 'Cliente de Teste',
      passwordHash: 'scrypt$bench',
      role: 'user',
    }),
    ...Array.from({ length: events - 1 }, (_, n) =>
      userEvent(userId, 'UserPreferencesChanged', {
        notifications: { email: true, sms: n % 2 === 0 },
      }),
    ),
  ];
  for (let from = 0; from < all.length; from += seedBatch) {
    await store.appendToStream(userStreamName(userId), all.slice(from, from + seedBatch));
  }
  return userId;
}

/**
 * PUT /api/users/preferences on the embedded shop (PGlite in a data directory)
 * for two users whose streams hold `short` and `long` events before the first
 * request (seeded straight into the event store). Requests alternate between the
 * two users one at a time, so the machine's noise falls on both alike; every
 * request toggles SMS, so each appends an event. Warm-up requests are not counted.
 */
export async function measureCommandLatency(options: {
  short: number;
  long: number;
  requests: number;
  warmUp: number;
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bench-command-'));
  const server = await createEmbeddedServer(
    { port: 0, dataDir, logLevel: 'silent', jwtSecret },
    silentLogger,
    {
      web: [(_req, _res, next) => next()],
      // The per-user write limit would answer most of these requests with 429.
      rateLimits: uniformRateLimits({ limit: 1_000_000, windowMs: 60_000 }),
    },
  );
  const url = await server.listen();
  try {
    const tokens = createTokenService({ secret: jwtSecret });
    const users = await Promise.all(
      [options.short, options.long].map(async (events) => {
        const userId = await seedUser(server.eventStore, events);
        const token = tokens.sign({
          userId,
          email: `${userId}@example.com`,
          name: 'Cliente de Teste',
          role: 'user',
          sessionVersion: 0,
        });
        const latencies: number[] = [];
        return { events, token, sms: false, latencies };
      }),
    );
    // The projections read the seeded events before the clock starts.
    await server.runner.waitForPosition(await server.eventStore.headPosition(), 60_000);

    for (let round = 0; round < options.warmUp + options.requests; round += 1) {
      for (const user of users) {
        user.sms = !user.sms;
        const started = performance.now();
        const response = await fetch(`${url}/api/users/preferences`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          body: JSON.stringify({ notifications: { email: true, sms: user.sms } }),
        });
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`PUT preferences answered ${response.status}`);
        if (round >= options.warmUp) user.latencies.push(elapsed);
      }
    }
    return users.map((user) => {
      const sorted = [...user.latencies].sort((a, b) => a - b);
      return { events: user.events, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    });
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
