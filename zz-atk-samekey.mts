import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const name = process.argv[2] ?? 'Mini Pizza';
const p = ps.find((x) => x.name === name);
const adm = await L.admin();
const stock = async () => { const r = await L.call('GET', `/api/admin/products?search=${encodeURIComponent(name)}&limit=50`, adm); const list = r.body.products ?? r.body.items ?? r.body; return (Array.isArray(list) ? list : []).find((x: any) => x.name === name)?.stock; };
console.log('stock before', await stock());
let placed = 0;
const results: string[] = [];
for (let u = 0; u < 3; u++) {
  const c = await L.newCustomer('sk');
  for (let t = 0; t < 3; t++) {
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      L.checkout(c, [{ p, q: 100 }], 'pix', { key }),
      L.checkout(c, [{ p, q: 20 }], 'pix', { key }),
    ]);
    results.push(`${a.status}/${b.status}`);
    if (a.status === 200) { placed += 100; const o = await L.call('GET', `/api/orders/${a.body.orderId}`, c.token); results.push(`A:${o.body.items?.[0]?.quantity}`); }
    if (b.status === 200) { const o = await L.call('GET', `/api/orders/${b.body.orderId}`, c.token); results.push(`B:${o.body.items?.[0]?.quantity}`); }
  }
}
await L.sleep(1000);
console.log(results.join(' '));
console.log('stock after', await stock());
