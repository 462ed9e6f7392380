import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@quitute/infra/errors';
import { errorHandler } from '@quitute/infra/http';
import { silentLogger } from '@quitute/infra/logging';
import { createMetrics } from '@quitute/infra/metrics';
import { listenOnFreePort } from '@quitute/infra/testing';
import { countCommands } from './command-metrics';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve() {
  const metrics = createMetrics({ access: 'closed' });
  const app = express();
  app.use(countCommands(metrics));
  app.put('/api/admin/orders/:id/status', (req, res) => {
    if (req.params.id === 'cancelled') throw new AppError('conflict', 'Pedido cancelado.');
    if (req.params.id === 'anonymous') throw new AppError('unauthorized', 'Token ausente.');
    res.json({ ok: true });
  });
  app.use(errorHandler(silentLogger));
  const server = await listenOnFreePort(app);
  close = server.close;
  const put = async (id: string) =>
    (await fetch(`${server.url}/api/admin/orders/${id}/status`, { method: 'PUT' })).status;
  return { metrics, put };
}

describe('countCommands', () => {
  it('given a command the domain refuses, when it is answered, then rejected is counted for its route with the reason', async () => {
    const { metrics, put } = await serve();

    expect(await put('cancelled')).toBe(409);
    expect(await put('open')).toBe(200);
    expect(await put('anonymous')).toBe(401);

    const body = await metrics.registry.metrics();
    expect(body).toContain(
      'quitute_commands_rejected_total{command="PUT /api/admin/orders/:id/status",reason="conflict"} 1',
    );
    expect(body).toContain(
      'quitute_commands_handled_total{command="PUT /api/admin/orders/:id/status"} 1',
    );
    expect(body).not.toContain('reason="unauthorized"');
  });
});
