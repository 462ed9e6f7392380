import * as L from './zz-atk-lib.mts';
const ps = await L.products();
console.log(ps.length, ps.map((p) => `${p.name}:${p.price}:${p.stock}:${p.soldOut}`).join(' | '));
