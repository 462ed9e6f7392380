export * from './port';
export {
  signatureManifest,
  signWebhook,
  verifyWebhookSignature,
  signatureTimeMs,
} from './webhook-signature';
export type { SignatureCheck, SignatureInput } from './webhook-signature';
export { createMercadoPagoGateway, mercadoPagoDate, MERCADO_PAGO_API_URL } from './mercadopago';
export type { MercadoPagoGatewayOptions } from './mercadopago';
export { startMercadoPagoFake } from './mercadopago-fake';
export type { FakePayment, MercadoPagoFake, RecordedRequest } from './mercadopago-fake';
