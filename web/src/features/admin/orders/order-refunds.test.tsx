import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import { adminOrderDto, fakeAdminServer, type AdminServerOptions } from '../testing/admin-server';

const orderId = 'a3f1c2d4-0000-4000-8000-000000000038';

const paid = adminOrderDto({
  _id: orderId,
  orderNumber: 1038,
  total: 120,
  orderStatus: 'processing',
  paymentStatus: 'approved',
  refundable: 120,
});

async function openOrder(options: AdminServerOptions = {}) {
  const server = fakeAdminServer({ orders: [paid], histories: {}, ...options });
  const rendered = renderApp({
    route: `/admin/orders/${orderId}`,
    storage: storageWithSession(admin),
  });
  const section = await screen.findByRole('region', { name: 'Reembolsos' }, PAGE_LOAD);
  return { ...rendered, server, section };
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
  return screen.getByRole('dialog', { name: 'Reembolsar pedido #1038' });
}

describe('/admin/orders/{id}: Reembolsos (issue 38)', () => {
  it('given refunds of every status and a chargeback, then the refunded total, each refund with its label, reason and date, retry only on the failed one, and the chargeback', async () => {
    const { section } = await openOrder({
      orders: [
        adminOrderDto({
          ...paid,
          refundedTotal: 20,
          refundable: 40,
          chargeback: { amount: 50, at: '2030-11-23T12:00:00.000Z' },
          refundAttempts: [
            {
              refundId: 'r-1',
              amount: 20,
              status: 'completed',
              reason: 'Item em falta',
              at: '2030-11-21T13:00:00.000Z',
              detail: null,
            },
            {
              refundId: 'r-2',
              amount: 10,
              status: 'failed',
              reason: 'Atraso na entrega',
              at: '2030-11-22T13:00:00.000Z',
              detail: 'Saldo insuficiente na conta.',
            },
            {
              refundId: 'r-3',
              amount: 5,
              status: 'pending',
              reason: 'Pedido cancelado pela loja',
              at: '2030-11-22T14:00:00.000Z',
              detail: null,
            },
          ],
        }),
      ],
    });

    expect(within(section).getByText('Total reembolsado').nextElementSibling?.textContent).toBe(
      'R$ 20,00',
    );
    expect(within(section).getByText('Restante a reembolsar').nextElementSibling?.textContent).toBe(
      'R$ 40,00',
    );
    expect(
      within(section).getByText('Contestação (chargeback)').nextElementSibling?.textContent,
    ).toBe('R$ 50,00 — 23/11/2030 09:00');
    const rows = within(within(section).getByRole('region', { name: 'Reembolsos do pedido' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'R$ 20,00ConcluídoItem em falta21/11/2030 10:00',
      'R$ 10,00FalhouSaldo insuficiente na conta.Atraso na entrega22/11/2030 10:00Tentar novamente',
      'R$ 5,00Em andamentoPedido cancelado pela loja22/11/2030 11:00',
    ]);
    expect(within(section).getAllByRole('button', { name: /Tentar novamente/ })).toHaveLength(1);
  });

  it('given an unpaid order, then no refund button and no refunds', async () => {
    const { section } = await openOrder({ orders: [adminOrderDto({ ...paid, refundable: 0 })] });
    expect(within(section).queryByRole('button', { name: 'Reembolsar' })).toBeNull();
    expect(section.textContent).toContain('Nenhum reembolso solicitado.');
  });

  it('given a blank amount (the hint names the whole remainder) and a reason, then the remainder is refunded with an Idempotency-Key and the answer is shown', async () => {
    const { user, server } = await openOrder();
    const dialog = await openDialog(user);
    expect(dialog.textContent).toContain('Em branco: reembolsa todo o restante (R$ 120,00).');

    await user.type(within(dialog).getByLabelText('Motivo'), 'Cliente desistiu');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));

    const success = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(success.textContent).toContain('Reembolso de R$ 120,00 realizado.');
    const [post] = server.calls(`/api/admin/orders/${orderId}/refund`, 'POST');
    expect(await post?.clone().json()).toEqual({ reason: 'Cliente desistiu' });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    const section = screen.getByRole('region', { name: 'Reembolsos' });
    await waitFor(() =>
      expect(within(section).getByText('Total reembolsado').nextElementSibling?.textContent).toBe(
        'R$ 120,00',
      ),
    );
    expect(within(section).queryByRole('button', { name: 'Reembolsar' })).toBeNull();
  });

  it('given an amount typed the Brazilian way, then the amount to refund shows under it and the body carries it in reais', async () => {
    const { user, server } = await openOrder({ refundOutcome: 'pending' });
    const dialog = await openDialog(user);

    await user.type(within(dialog).getByLabelText('Valor (R$)'), '20,50');
    expect(dialog.textContent).toContain('Será salvo: R$ 20,50');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Item em falta');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));

    const answer = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(answer.textContent).toContain(
      'Reembolso de R$ 20,50 solicitado. Aguardando a confirmação do sistema de pagamento.',
    );
    const [post] = server.calls(`/api/admin/orders/${orderId}/refund`, 'POST');
    expect(await post?.clone().json()).toEqual({ amount: 20.5, reason: 'Item em falta' });
  });

  it('given an ambiguous amount, no reason, or more than is left, then the message beside the field and nothing is sent', async () => {
    const { user, server } = await openOrder();
    const dialog = await openDialog(user);
    const amount = within(dialog).getByLabelText('Valor (R$)');

    await user.type(amount, '1.234');
    expect(dialog.textContent).toContain(
      'Valor ambíguo: use a vírgula para os centavos (1,20) e o ponto só para os milhares (1.234,56).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(dialog.textContent).toContain('Informe o motivo do reembolso.');

    await user.clear(amount);
    await user.type(amount, '150');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Item em falta');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(dialog.textContent).toContain(
      'O valor é maior que o restante a reembolsar deste pedido (R$ 120,00).',
    );
    expect(server.calls(`/api/admin/orders/${orderId}/refund`, 'POST')).toHaveLength(0);
  });

  it('given no answer to the submission, then sending it again reuses its Idempotency-Key', async () => {
    let failures = 1;
    const { user, server } = await openOrder({
      handler: (url) =>
        url.pathname.endsWith('/refund') && failures-- > 0
          ? json({ message: 'Serviço indisponível.' }, { status: 503 })
          : undefined,
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Valor (R$)'), '10');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Atraso');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(await within(dialog).findByText('Serviço indisponível.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    await screen.findByRole('dialog', { name: 'Sucesso' });
    const keys = server
      .calls(`/api/admin/orders/${orderId}/refund`, 'POST')
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('given the provider fails the refund (502), then its message, the refund listed as Falhou, and Tentar novamente completes it', async () => {
    const { user, server } = await openOrder({ refundOutcome: 'failed' });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Valor (R$)'), '10');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Atraso');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));

    const error = await screen.findByRole('dialog', { name: 'Erro' });
    expect(error.textContent).toContain(
      'O sistema de pagamento não confirmou o reembolso. Ele ficou registrado como falho: tente novamente.',
    );
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    const section = screen.getByRole('region', { name: 'Reembolsos' });
    const retry = await within(section).findByRole('button', {
      name: 'Tentar novamente o reembolso de R$ 10,00',
    });

    server.state.refundOutcome = 'completed';
    await user.click(retry);
    const success = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(success.textContent).toContain('Reembolso de R$ 10,00 realizado.');
    const [refund] = server.state.orders[0]?.refundAttempts ?? [];
    expect(
      server.calls(`/api/admin/orders/${orderId}/refunds/${refund?.refundId}/retry`, 'POST'),
    ).toHaveLength(1);
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(section.textContent).toContain('Concluído'));
  });

  it('given the server refuses (409), then its message stays in the dialog', async () => {
    const { user } = await openOrder({
      handler: (url) =>
        url.pathname.endsWith('/refund')
          ? json(
              {
                message:
                  'Já há um reembolso em andamento para este pedido. Aguarde a resposta do sistema de pagamento antes de pedir outro.',
              },
              { status: 409 },
            )
          : undefined,
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Motivo'), 'Atraso');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(
      await within(dialog).findByText(
        'Já há um reembolso em andamento para este pedido. Aguarde a resposta do sistema de pagamento antes de pedir outro.',
      ),
    ).toBeTruthy();
  });
});
