import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const p = ps.find((x) => x.name === 'Esfiha de Carne');
const adm = await L.admin();
async function provider(pid: string) {
  const page = await (await fetch(`${L.url}/simulator/payments/${pid}`)).text();
  return { status: /Status<\/dt><dd>([^<]*)/.exec(page)?.[1], refunds: [...page.matchAll(/<tr><td><code>([^<]*)<\/code><\/td><td>([^<]*)<\/td><td>([^<]*)<\/td>/g)].map((m) => `${m[2]} ${m[3]}`) };
}
const orders: any[] = [];
for (let u = 0; u < 4; u++) {
  const c = await L.newCustomer('pc');
  for (let i = 0; i < 3; i++) {
    const r = await L.checkout(c, [{ p, q: 20 }], 'pix');
    if (r.status !== 200) { console.log('checkout', r.status, r.body.message); continue; }
    orders.push({ ...r.body, c });
  }
}
await Promise.all(orders.map(async (o, i) => {
  const delay = (i % 4) * 3;
  await Promise.all([
    L.call('POST', `/simulator/payments/${o.paymentId}/approve`, null, {}),
    L.sleep(delay).then(() => L.call('PUT', `/api/admin/orders/${o.orderId}/status`, adm, { orderStatus: 'cancelled' })),
  ]);
}));
await L.sleep(4000);
for (const o of orders) {
  const a = await L.call('GET', `/api/admin/orders/${o.orderId}`, adm);
  const pr = await provider(o.paymentId);
  console.log(o.orderNumber, a.body.orderStatus, a.body.paymentStatus, 'refunded', a.body.refundedTotal, 'refundable', a.body.refundable, '| provider', pr.status, pr.refunds.join(','));
}
