import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const coxinha = ps.find((p) => p.name === 'Coxinha de Frango');
const adm = await L.admin();
// release the hoard
const hoardId = process.env.HOARD;
if (hoardId) console.log('cancel hoard', (await L.call('PUT', `/api/admin/orders/${hoardId}/status`, adm, { orderStatus: 'cancelled' })).status);
await L.sleep(500);
async function paidOrder(c: any, q = 20) {
  const r = await L.checkout(c, [{ p: coxinha, q }], 'pix');
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  await L.call('POST', `/simulator/payments/${r.body.paymentId}/approve`, null, {});
  for (let i = 0; i < 50; i++) { const o = await L.call('GET', `/api/orders/${r.body.orderId}`, c.token); if (o.body.paymentStatus === 'approved') break; await L.sleep(100); }
  return r.body;
}
const c = await L.newCustomer('ref');
const o = await paidOrder(c); // R$ 12,00
console.log('order', o.orderId, o.paymentId);
const R = (tok: string | null, body: any, h: Record<string,string> = {}, oid = o.orderId) => L.call('POST', `/api/admin/orders/${oid}/refund`, tok, body, { 'idempotency-key': crypto.randomUUID(), ...h });
console.log('stranger', (await R(null, { amount: 1, reason: 'x' })).status);
const s = await R(c.token, { amount: 1, reason: 'x' }); console.log('customer', s.status, s.body.message);
console.log('customer retry', (await L.call('POST', `/api/admin/orders/${o.orderId}/refunds/${crypto.randomUUID()}/retry`, c.token, {})).status);
console.log('customer status', (await L.call('PUT', `/api/admin/orders/${o.orderId}/status`, c.token, { orderStatus: 'cancelled' })).status);
console.log('forged jwt none', (await R('eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiJ4Iiwicm9sZSI6ImFkbWluIn0.', { amount: 1, reason: 'x' })).status);
const amounts: any[] = [-1, 0, 0.001, 1e308, 1e21, '1e3', '0,001', '1.234', '1,234', 'NaN', 'Infinity', '-1,00', '  ', '', null, [], {}, true, '1.234.567,89', '٣', '１,００', '0x10', '1_000', 'R$ 1,00', 'R$1,00', '1,', ',5', '5.', '00000000000000000000001,00', '9'.repeat(400), 12.005, '12,00', 12.01];
for (const a of amounts) { const r = await R(adm, { amount: a, reason: 'teste' }); console.log('amount', JSON.stringify(a)?.slice(0,30), r.status, r.body.message ?? r.body, r.body.amount); }
const reasons: any[] = ['a\u0000b', 'a\u0007b', 'a\nb', 'a\u202Eb', '<script>alert(1)</script>', 'x'.repeat(10240), '😀'.repeat(150), 'a\u200Bb', '\u00A0', 123, undefined];
for (const rs of reasons) { const r = await R(adm, { amount: 0.01, reason: rs }); console.log('reason', JSON.stringify(rs)?.slice(0,30), r.status, r.body.message ?? r.body); }
const extra = await R(adm, { amount: 0.01, reason: 'ok', extra: 1 }); console.log('extra field', extra.status, extra.body.message);
for (const k of ['', 'a b', 'x'.repeat(101), 'é', '../../etc']) { const r = await L.call('POST', `/api/admin/orders/${o.orderId}/refund`, adm, { amount: 0.01, reason: 'k' }, { 'idempotency-key': k }); console.log('key', JSON.stringify(k).slice(0,20), r.status, r.body.message); }
const bad = await L.call('POST', `/api/admin/orders/${o.orderId}/refund`, adm, undefined, {}, '{"amount": 1, "reason": '); console.log('bad json', bad.status, JSON.stringify(bad.body).slice(0,200));
const deep = await L.call('POST', `/api/admin/orders/${o.orderId}/refund`, adm, undefined, {}, '['.repeat(5000) + ']'.repeat(5000)); console.log('deep json', deep.status, JSON.stringify(deep.body).slice(0,200));
const big = await L.call('POST', `/api/admin/orders/${o.orderId}/refund`, adm, { amount: 1, reason: 'x', pad: 'y'.repeat(2_000_000) }); console.log('2MB', big.status, JSON.stringify(big.body).slice(0,200));
for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', o.orderId.toUpperCase(), '%00', '..%2f..%2fx']) { const r = await L.call('POST', `/api/admin/orders/${id}/refund`, adm, { amount: 0.01, reason: 'id' }, {'idempotency-key': crypto.randomUUID()}); console.log('orderId', id.slice(0,40), r.status, r.body.message); }
// race: 12 different keys each R$ 3 on what remains
const view = await L.call('GET', `/api/admin/orders/${o.orderId}`, adm);
console.log('refundable before race', view.body.refundable, view.body.refundedTotal);
const race = await Promise.all(Array.from({ length: 12 }, () => R(adm, { amount: '3,00', reason: 'corrida' })));
console.log('race', race.map((r) => `${r.status}:${r.body.status ?? r.body.message}`).join(' | '));
await L.sleep(1000);
const page = await (await fetch(`${L.url}/simulator/payments/${o.paymentId}`)).text();
const rows = [...page.matchAll(/<tr><td><code>([^<]*)<\/code><\/td><td>([^<]*)<\/td><td>([^<]*)<\/td>/g)].map((m) => `${m[2]} ${m[3]}`);
console.log('provider refunds', rows.length, rows.join(', '));
const after = await L.call('GET', `/api/admin/orders/${o.orderId}`, adm);
console.log('after', after.body.refundable, after.body.refundedTotal, JSON.stringify(after.body.refundAttempts?.map((r: any) => [r.refundId, r.amount, r.status])));
console.log(JSON.stringify({ order: o.orderId, payment: o.paymentId, attempts: after.body.refundAttempts?.map((r: any) => r.refundId) }));
