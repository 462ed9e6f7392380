import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentResultSchema } from '@quitute/contracts';
import { silentLogger } from '@quitute/infra/logging';
import { address, closeShops, coxinha, kit, now, openShop, pixBody } from '../payments/testing';
import { createPaymentProcessCommands } from '../process-managers/payment-process-commands';
import {
  createPaymentProcessManager,
  type PaymentProcessManager,
} from '../process-managers/payment-process-manager';
import { withMemorySnapshots } from '../shared/testing';
import type { CartCommand } from './decider';
import { readCart, runCartCommand } from './carts';

const managers: PaymentProcessManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
  await closeShops();
});

describe('paying an order takes only what was ordered out of the cart (issue 38)', () => {
  it('given a boleto for the 20 coxinhas in her cart, and 30 more coxinhas and a kit added since, when the boleto is paid days later, then only the ordered 20 leave and today’s cart stays', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const stores = withMemorySnapshots(shop.eventStore);
    const add = (item: typeof coxinha, quantidade: number, isKit = false) => {
      const command: CartCommand = {
        type: 'AddItem',
        userId: maria.userId,
        productId: item.productId,
        quantidade,
        unitPriceCents: item.priceCents,
        isKit,
      };
      return runCartCommand(stores, command, {
        commandId: randomUUID(),
        correlationId: 'cart',
        actorId: maria.userId,
        actorRole: 'user',
        occurredAt: now().toISOString(),
      });
    };
    await add(coxinha, 20);
    const answer = await maria.checkout(
      pixBody(maria.userId, {
        items: [],
        paymentMethod: 'boleto',
        paymentMethodId: 'bolbradesco',
        address,
        deliveryDate: '2026-11-30T10:00',
      }),
    );
    expect(answer.status).toBe(200);
    const boleto = paymentResultSchema.parse(answer.body);
    await add(coxinha, 30);
    await add(kit, 1, true);

    await shop.simulator.approve(boleto.paymentId ?? '');
    const commands = createPaymentProcessCommands({
      eventStore: shop.eventStore,
      snapshotStore: shop.snapshotStore,
      logger: silentLogger,
      now,
      ordering: { gateway: shop.gateway },
    });
    const [placed] = await shop.ofType('OrderPlaced');
    await commands.syncPaymentFromProvider({ paymentId: String(placed?.data['paymentId']) }, null);
    const manager = createPaymentProcessManager({
      eventStore: shop.eventStore,
      commands,
      logger: silentLogger,
    });
    managers.push(manager);
    await manager.start();

    await vi.waitFor(async () => expect(await shop.ofType('CartCheckedOut')).toHaveLength(1), {
      timeout: 5_000,
      interval: 10,
    });
    const [checkedOut] = await shop.ofType('CartCheckedOut');
    expect(checkedOut?.data).toMatchObject({
      orderId: boleto.orderId,
      lines: [{ productId: coxinha.productId, quantidade: 20 }],
    });
    expect((await readCart(stores, maria.userId)).state.lines).toEqual([
      { productId: coxinha.productId, quantidade: 30 },
      { productId: kit.productId, quantidade: 1 },
    ]);
  });
});
