import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const c2 = await L.newCustomer('victim');
const r2 = await L.checkout(c2, [{ p: ps[0], q: 20 }], 'pix');
console.log('victim', r2.status, r2.body.message);
const r3 = await L.checkout(c2, [{ p: ps[23], q: 1 }], 'pix');
console.log('victim kit', r3.status, r3.body.message);
