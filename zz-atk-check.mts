import * as L from './zz-atk-lib.mts';
const adm = await L.admin();
const r = await L.call('GET', `/api/admin/orders?limit=50`, adm);
const list = r.body.orders ?? r.body;
for (const o of list) if ([1020, 1019].includes(o.orderNumber)) { const a = await L.call('GET', `/api/admin/orders/${o._id}`, adm); console.log(o.orderNumber, o._id, a.body.orderStatus, a.body.paymentStatus, a.body.refundedTotal, a.body.refundable, JSON.stringify(a.body.refundAttempts)); }
