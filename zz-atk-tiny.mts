import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const p = ps.find((x) => x.name === 'Empada de Frango');
const adm = await L.admin();
const c = await L.newCustomer('tiny');
const r = await L.checkout(c, [{ p, q: 20 }], 'pix');
await L.call('POST', `/simulator/payments/${r.body.paymentId}/approve`, null, {});
for (let i = 0; i < 50; i++) { const o = await L.call('GET', `/api/orders/${r.body.orderId}`, c.token); if (o.body.paymentStatus === 'approved') break; await L.sleep(100); }
for (const a of [1e-9, 5e-9, 1e-300, 5e-324]) {
  const x = await L.call('POST', `/api/admin/orders/${r.body.orderId}/refund`, adm, { amount: a, reason: 'tiny' }, { 'idempotency-key': crypto.randomUUID() });
  console.log(a, x.status, JSON.stringify(x.body));
}
const a = await L.call('GET', `/api/admin/orders/${r.body.orderId}`, adm);
console.log('after', a.body.refundable, a.body.refundedTotal, JSON.stringify(a.body.refundAttempts));
const s = await L.call('POST', `/api/admin/orders/${r.body.orderId}/refund`, adm, { amount: 1, reason: 'after tiny' }, { 'idempotency-key': crypto.randomUUID() });
console.log('next refund', s.status, s.body.message);
const cu = await L.call('GET', `/api/orders/${r.body.orderId}`, c.token);
console.log('customer', cu.body.refundedTotal, JSON.stringify(cu.body.refunds), cu.body.details);
console.log(JSON.stringify({order: r.body.orderId, pay: r.body.paymentId}));
