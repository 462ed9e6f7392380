import * as L from './zz-atk-lib.mts';
const ps = await L.products();
const p = ps.find((x) => x.name === 'Kibe');
const c = await L.newCustomer('bol');
const dates = ['2026-11-30T10:00', '2026-12-02T10:00', '2026-12-03T10:00', '2026-12-03T23:59', '2026-12-04T00:00', '2026-12-04T10:00', '2026-12-03T10:00:00-12:00', '2026-12-03T23:00:00.000Z', '2026-12-04T01:00:00+14:00', '+002026-12-03T10:00', '2026-12-03T10:00:00.999999999-03:00', '2026-12-03 10:00', '2026-12-03', '2026-02-30T10:00', '2026-12-03T24:00'];
for (const d of dates) {
  const total = p.price * 20;
  const r = await L.call('POST', '/payments/mercadopago/transparent-checkout', c.token, {
    userId: c.userId, email: c.email, docNumber: '529.982.247-25', firstName: 'Joana', lastName: 'Lima', total,
    items: [{ id: p._id, title: p.name, unit_price: p.price, quantity: 20 }], paymentMethod: 'boleto', paymentMethodId: 'bolbradesco',
    deliveryType: 'pickup', deliveryDate: d, address: L.address }, { 'idempotency-key': 'bol-' + d.replace(/[^0-9A-Za-z]/g, '') + Date.now() });
  console.log(d, r.status, r.body.message, r.body.boletoExpirationDate ?? '');
  if (r.status === 200) await L.call('POST', '/payments/cancel-payment', c.token, { paymentId: r.body.paymentId });
}
