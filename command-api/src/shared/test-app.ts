import type { Express } from 'express';
import type { TokenService } from '@quitute/infra/auth';
import type { EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { cheapPasswords } from '@quitute/infra/testing';
import { createCommandApp } from '../app';
import type { CatalogView } from '../catalog/catalog-view';

/**
 * command-api as a route's test runs it: over `eventStore`, with in-memory
 * snapshots, a captcha that passes, no mail sent, silent logs and cheap
 * password hashing; `overrides` set what the test is about (a rate limit,
 * trusted proxies).
 */
export function testCommandApp(
  deps: { eventStore: EventStore; catalog: CatalogView; tokens: TokenService; now: () => Date },
  overrides: Partial<Parameters<typeof createCommandApp>[0]> = {},
): Express {
  return createCommandApp({
    ...deps,
    snapshotStore: createMemorySnapshotStore(),
    captcha: { verify: async () => true },
    mailer: { send: async () => {} },
    publicUrl: 'http://loja.test',
    logger: silentLogger,
    passwords: cheapPasswords,
    ...overrides,
  });
}
