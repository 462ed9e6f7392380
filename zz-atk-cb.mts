import * as L from './zz-atk-lib.mts';
const adm = await L.admin();
const o9 = 'c1b51afc-ebb3-576e-8c87-a0c9d9d3fd29', o3 = '80710452-10d1-57b4-83f9-f66eef3c6252', o10 = '6bfe4442-8484-5779-9a91-b2ce11ae8036';
const R = (oid: string, body: any) => L.call('POST', `/api/admin/orders/${oid}/refund`, adm, body, { 'idempotency-key': crypto.randomUUID() });
console.log('delete refunded', (await L.call('DELETE', `/api/admin/orders/${o3}`, adm)).body.message);
console.log('refund after cb', (await R(o9, { reason: 'cb' })).body.message);
console.log('cancel after cb', JSON.stringify((await L.call('PUT', `/api/admin/orders/${o9}/status`, adm, { orderStatus: 'cancelled' })).body));
const a9 = await L.call('GET', `/api/admin/orders/${o9}`, adm);
console.log('admin o9', a9.body.paymentStatus, a9.body.refundable, a9.body.refundedTotal, JSON.stringify(a9.body.refundAttempts), a9.body.chargeback ?? a9.body.chargedBackTotal);
console.log('cancel o10', JSON.stringify((await L.call('PUT', `/api/admin/orders/${o10}/status`, adm, { orderStatus: 'cancelled' })).body.order?.refund));
const a10 = await L.call('GET', `/api/admin/orders/${o10}`, adm);
console.log('admin o10', a10.body.paymentStatus, a10.body.refundable, a10.body.refundedTotal);
// webhook forgeries
for (const body of [{ type: 'payment', data: { id: '228134842886' } }, { action: 'payment.updated', data: { id: '1' } }]) {
  const r = await L.call('POST', '/payments/webhook?data.id=228134842886&type=payment', null, body, { 'x-signature': 'ts=1,v1=deadbeef', 'x-request-id': 'x' });
  console.log('forged webhook', r.status, r.body.message);
}
const nosig = await L.call('POST', '/payments/webhook', null, { type: 'payment', data: { id: '228134842886' } }); console.log('no sig', nosig.status);
// simulator on unknown/unpaid
console.log('sim cb unknown', (await L.call('POST', '/simulator/payments/999999999999/chargeback', null, {})).status);
console.log('sim refund unknown', (await L.call('POST', '/simulator/payments/../../etc/refund', null, {})).status);
console.log('sim refund 31 chars', (await L.call('POST', '/simulator/payments/228134842886/refund', null, { amount: '1'.repeat(31) })).status);
console.log('sim refund form', (await L.call('POST', '/simulator/payments/228134842886/refund', null, undefined, { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, 'amount=abc')).status);
console.log('sim refund gz', (await L.call('POST', '/simulator/payments/228134842886/refund', null, undefined, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'xx')).status);
