import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const kibe = ps.find((p) => p.name === 'Kibe');
const c = await L.newCustomer('cap');
const race = await Promise.all(Array.from({ length: 10 }, () => L.checkout(c, [{ p: kibe, q: 20 }], 'boleto')));
console.log('cap race', race.map((r) => `${r.status}:${r.body.orderNumber ?? r.body.message}`).join(' | '));
// same key racing (should be one order)
const c2 = await L.newCustomer('cap2');
const key = crypto.randomUUID();
const same = await Promise.all(Array.from({ length: 8 }, () => L.checkout(c2, [{ p: kibe, q: 20 }], 'pix', { key })));
console.log('same key race', same.map((r) => `${r.status}:${r.body.orderNumber ?? r.body.message}`).join(' | '));
// address limit: count how many checkouts this address may still do, with forged XFF
let n = 0; const statuses: string[] = [];
for (let i = 0; i < 8; i++) {
  const ci = await L.newCustomer('addr');
  for (let j = 0; j < 3; j++) {
    const r = await L.checkout(ci, [{ p: kibe, q: 20 }], 'pix', { headers: { 'x-forwarded-for': `203.0.113.${i*3+j}`, 'x-real-ip': `203.0.113.${i*3+j}` } });
    statuses.push(String(r.status)); if (r.status === 200) n++;
  }
}
console.log('address', n, statuses.join(' '));
