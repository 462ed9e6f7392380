import { solveAsWidget } from '@quitute/infra/testing';
export const url = process.env.URL ?? 'http://127.0.0.1:8290';
export async function call(method: string, route: string, token: string | null, body?: unknown, headers: Record<string, string> = {}, raw?: string) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined && raw === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(raw !== undefined ? { body: raw } : body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: any = text;
  try { parsed = JSON.parse(text); } catch {}
  return { status: response.status, body: parsed, headers: response.headers };
}
export async function captcha() {
  const challenge = await (await fetch(`${url}/api/auth/captcha`)).json();
  return (await solveAsWidget(challenge)).payload;
}
export async function login(email: string, password: string, headers: Record<string,string> = {}) {
  const r = await call('POST', '/api/auth/login', null, { email, password, recaptchaToken: await captcha() }, headers);
  if (r.status !== 200) throw new Error(JSON.stringify(r));
  return r.body as { userId: string; token: string };
}
export async function newCustomer(tag = 'x', headers: Record<string,string> = {}) {
  const email = `${tag}.${Date.now()}.${Math.random().toString(36).slice(2,7)}@exemplo.com.br`;
  const reg = await call('POST', '/api/auth/register', null, { email, password: 'Bolo2026', name: 'Joana Lima', recaptchaToken: await captcha() }, headers);
  if (reg.status >= 300) throw new Error('register ' + JSON.stringify(reg));
  const c = await login(email, 'Bolo2026', headers);
  return { ...c, email };
}
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const day = (d: Date) => d.toISOString().slice(0, 10);
export const admin = async () => (await login('admin@quitute.com.br', 'Admin1234')).token;
export async function products() { return (await call('GET', '/api/products', null)).body as any[]; }
export const address = { zipCode: '01310-100', streetName: 'Av Paulista', streetNumber: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', federalUnit: 'SP' };
export async function checkout(c: {userId: string; token: string; email: string}, items: {p: any; q: number}[], method: 'pix'|'boleto' = 'pix', opts: {days?: number; key?: string; headers?: Record<string,string>} = {}) {
  const total = Math.round(items.reduce((s, i) => s + i.p.price * 100 * i.q, 0)) / 100;
  const delivery = new Date(Date.now() + (opts.days ?? 8) * 86400000);
  return call('POST', '/payments/mercadopago/transparent-checkout', c.token, {
    userId: c.userId, email: c.email, docNumber: '529.982.247-25', firstName: 'Joana', lastName: 'Lima', total,
    items: items.map((i) => ({ id: i.p._id, title: i.p.name, unit_price: i.p.price, quantity: i.q })),
    paymentMethod: method, paymentMethodId: method === 'pix' ? 'pix' : 'bolbradesco', deliveryType: 'pickup', deliveryDate: `${day(delivery)}T10:00`,
    ...(method === 'boleto' ? { address } : {}),
  }, { 'idempotency-key': opts.key ?? crypto.randomUUID(), ...(opts.headers ?? {}) });
}
