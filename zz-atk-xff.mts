import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const p = ps.find((x) => x.name === 'Kibe');
const c = await L.newCustomer('xff', { 'x-forwarded-for': '198.51.100.7' });
for (const h of [{ 'x-forwarded-for': '198.51.100.7' }, { 'x-forwarded-for': '198.51.100.8, 10.0.0.1' }, { forwarded: 'for=198.51.100.9' }, { 'x-real-ip': '198.51.100.10' }, { 'x-client-ip': '198.51.100.11', 'cf-connecting-ip': '198.51.100.11' }]) {
  const r = await L.checkout(c, [{ p, q: 20 }], 'pix', { headers: h });
  console.log(JSON.stringify(h), r.status, r.body.message ?? r.body.orderNumber, r.headers.get('ratelimit') ?? r.headers.get('ratelimit-policy') ?? '');
}
