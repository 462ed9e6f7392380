import * as L from './zz-atk-lib.mts';
const adm = await L.admin();
const al = await L.call('GET', `/api/admin/orders?limit=3`, adm);
console.log('admin list top after restart', (al.body.orders ?? []).map((o: any) => o.orderNumber).join(','));
