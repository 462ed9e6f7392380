import * as L from './zz-atk-lib.mts';
const adm = await L.admin();
const b = await L.newCustomer('reader');
for (const id of ['c81568a7-d894-5b36-a2ab-031f8f81ee72', '6bfe4442-8484-5779-9a91-b2ce11ae8036']) {
  const r = await L.call('GET', `/api/orders/${id}`, b.token); console.log('B reads A order', r.status, JSON.stringify(r.body).slice(0, 120));
  const s = await L.call('GET', `/api/orders/${id}`, null); console.log('stranger reads', s.status);
  const a = await L.call('GET', `/api/admin/orders/${id}`, b.token); console.log('B admin read', a.status);
}
for (const p of ['/api/admin/sales?limit=5', '/api/admin/dashboard/sales-today', '/api/admin/sales/monthly-report?year=2026&month=11']) {
  console.log(p, (await L.call('GET', p, b.token)).status, (await L.call('GET', p, null)).status);
}
for (const q of ['year=1e3&month=11', 'year=2026&month=13', 'year=-1&month=0', 'year=999999999&month=1', 'year=2026&month=11.5', 'year[]=1&month=1', 'year=2026&month=11&month=12']) {
  const r = await L.call('GET', `/api/admin/sales/monthly-report?${q}`, adm); console.log('monthly', q, r.status, JSON.stringify(r.body).slice(0, 160));
}
const m = await L.call('GET', `/api/admin/sales/monthly-report?year=2026&month=11`, adm); console.log('monthly ok', JSON.stringify(m.body).slice(0, 400));
const d = await L.call('GET', `/api/admin/dashboard/sales-today`, adm); console.log('today', JSON.stringify(d.body).slice(0, 300));
const o = await L.call('GET', `/api/admin/dashboard/orders-today`, adm); console.log('orders today', JSON.stringify(o.body).slice(0, 300));
