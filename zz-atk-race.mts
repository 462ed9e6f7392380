import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const coxinha = ps.find((p) => p.name === 'Coxinha de Frango');
const adm = await L.admin();
async function paidOrder(c: any, q = 20) {
  const r = await L.checkout(c, [{ p: coxinha, q }], 'pix');
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  await L.call('POST', `/simulator/payments/${r.body.paymentId}/approve`, null, {});
  for (let i = 0; i < 50; i++) { const o = await L.call('GET', `/api/orders/${r.body.orderId}`, c.token); if (o.body.paymentStatus === 'approved' && o.body.orderStatus==='processing') break; await L.sleep(100); }
  return r.body;
}
async function provider(pid: string) {
  const page = await (await fetch(`${L.url}/simulator/payments/${pid}`)).text();
  return [...page.matchAll(/<tr><td><code>([^<]*)<\/code><\/td><td>([^<]*)<\/td><td>([^<]*)<\/td>/g)].map((m) => `${m[2]} ${m[3]}`);
}
const R = (oid: string, body: any, key = crypto.randomUUID()) => L.call('POST', `/api/admin/orders/${oid}/refund`, adm, body, { 'idempotency-key': key });
const c = await L.newCustomer('race');
// 1. race with different keys
const o1 = await paidOrder(c);
const race = await Promise.all(Array.from({ length: 12 }, () => R(o1.orderId, { amount: '3,00', reason: 'corrida' })));
console.log('race', race.map((r) => `${r.status}:${r.body.status ?? r.body.message}`).join(' | '));
await L.sleep(500);
console.log('provider', await provider(o1.paymentId));
// 2. race: refunds + cancels mixed
const o2 = await paidOrder(c);
const mixed = await Promise.all([
  ...Array.from({ length: 4 }, () => R(o2.orderId, { amount: '5,00', reason: 'mix' })),
  ...Array.from({ length: 4 }, () => L.call('PUT', `/api/admin/orders/${o2.orderId}/status`, adm, { orderStatus: 'cancelled' })),
  ...Array.from({ length: 4 }, () => R(o2.orderId, { reason: 'rest' })),
]);
console.log('mixed', mixed.map((r) => `${r.status}:${r.body.status ?? r.body.order?.refund?.status ?? ''}:${r.body.amount ?? r.body.order?.refund?.amount ?? ''}:${r.body.message}`).join(' | '));
await L.sleep(500);
console.log('provider', await provider(o2.paymentId));
// 3. flip cancelled -> processing -> cancelled
const o3 = await paidOrder(c);
for (const s of ['cancelled', 'processing', 'cancelled', 'delivered', 'cancelled', 'pending', 'cancelled']) {
  const r = await L.call('PUT', `/api/admin/orders/${o3.orderId}/status`, adm, { orderStatus: s });
  console.log('flip', s, r.status, r.body.order?.refund?.amount ?? '', r.body.order?.refund?.status ?? '', r.body.message);
}
console.log('provider', await provider(o3.paymentId));
// 4. partial refund then flip: cancel refunds rest
const o4 = await paidOrder(c);
console.log('partial', (await R(o4.orderId, { amount: '2,00', reason: 'p' })).status);
console.log('cancel', JSON.stringify((await L.call('PUT', `/api/admin/orders/${o4.orderId}/status`, adm, { orderStatus: 'cancelled' })).body.order?.refund));
console.log('refund after cancel', (await R(o4.orderId, { amount: '1,00', reason: 'p' })).body.message);
console.log('provider', await provider(o4.paymentId));
// 5. retry route with another order's refundId
const a4 = await L.call('GET', `/api/admin/orders/${o4.orderId}`, adm);
const foreign = a4.body.refundAttempts[0].refundId;
const rr = await L.call('POST', `/api/admin/orders/${o1.orderId}/refunds/${foreign}/retry`, adm, {});
console.log('foreign retry', rr.status, rr.body.message);
const rr2 = await L.call('POST', `/api/admin/orders/${o4.orderId}/refunds/${foreign}/retry`, adm, {});
console.log('own completed retry', rr2.status, rr2.body.message);
const rr3 = await L.call('POST', `/api/admin/orders/${o4.orderId}/refunds/${foreign.toUpperCase()}/retry`, adm, {});
console.log('own upper retry', rr3.status, rr3.body.message);
// 6. same key different amount / reason
const o6 = await paidOrder(c);
const k = crypto.randomUUID();
console.log('k1', (await R(o6.orderId, { amount: '1,00', reason: 'a' }, k)).status);
console.log('k same', (await R(o6.orderId, { amount: '1,00', reason: 'a' }, k)).status);
console.log('k other amount', (await R(o6.orderId, { amount: '2,00', reason: 'a' }, k)).body.message);
console.log('k no amount', JSON.stringify((await R(o6.orderId, { reason: 'a' }, k)).body));
console.log('k other order', (await R(o4.orderId, { amount: '1,00', reason: 'a' }, k)).body.message);
// 7. same key racing
const k2 = crypto.randomUUID();
const same = await Promise.all(Array.from({ length: 8 }, () => R(o6.orderId, { amount: '1,50', reason: 'b' }, k2)));
console.log('same-key race', same.map((r) => `${r.status}:${r.body.status ?? r.body.message}`).join(' | '));
console.log('provider', await provider(o6.paymentId));
// 8. delete paid, delete after refunded
console.log('delete paid', (await L.call('DELETE', `/api/admin/orders/${o6.orderId}`, adm)).body.message);
console.log('delete refunded', (await L.call('DELETE', `/api/admin/orders/${o3.orderId}`, adm)).body.message);
// 9. chargeback then refund
const o9 = await paidOrder(c);
console.log('cb', (await L.call('POST', `/simulator/payments/${o9.paymentId}/chargeback`, null, {})).status);
await L.sleep(800);
console.log('refund after cb', (await R(o9.orderId, { reason: 'cb' })).body.message);
console.log('cancel after cb', JSON.stringify((await L.call('PUT', `/api/admin/orders/${o9.orderId}/status`, adm, { orderStatus: 'cancelled' })).body));
console.log('cb again', (await L.call('POST', `/simulator/payments/${o9.paymentId}/chargeback`, null, {})).status);
const a9 = await L.call('GET', `/api/admin/orders/${o9.orderId}`, adm);
console.log('admin o9', JSON.stringify(a9.body).slice(0, 600));
// 10. simulator refund (at provider) more than paid, and racing simulator refunds
const o10 = await paidOrder(c);
const simr = await Promise.all(Array.from({ length: 6 }, () => L.call('POST', `/simulator/payments/${o10.paymentId}/refund`, null, { amount: '5,00' })));
console.log('sim race', simr.map((r) => `${r.status}`).join(' '));
console.log('sim neg', (await L.call('POST', `/simulator/payments/${o10.paymentId}/refund`, null, { amount: '-1' })).status);
console.log('sim 0', JSON.stringify((await L.call('POST', `/simulator/payments/${o10.paymentId}/refund`, null, { amount: '0' })).body).slice(0,200));
await L.sleep(1500);
console.log('provider', await provider(o10.paymentId));
const a10 = await L.call('GET', `/api/admin/orders/${o10.orderId}`, adm);
console.log('admin o10', a10.body.refundable, a10.body.refundedTotal, a10.body.paymentStatus);
console.log(JSON.stringify({o1: o1.orderId, o2: o2.orderId, o3: o3.orderId, o4: o4.orderId, o6: o6.orderId, o9: o9.orderId, o10: o10.orderId}));
