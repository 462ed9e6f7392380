import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const p = ps.find((x) => x.name === 'Mini Pizza');
const c = await L.newCustomer('drain');
const r = await L.checkout(c, [{ p, q: 420 }], 'pix');
console.log('buy 420 more', r.status, r.body.orderNumber ?? r.body.message);
const adm = await L.admin();
const s = await L.call('GET', `/api/admin/products?search=Mini%20Pizza`, adm);
console.log('stock', JSON.stringify((s.body.products ?? s.body).map?.((x: any) => [x.name, x.stock])));
