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
export { crc16ccittFalse, pixBrCode, pixQrPngBase64 } from './pix-brcode';
export { createQrPngWorker, qrPngHere } from './qr-png';
export type { QrPngRenderer } from './qr-png';
export type { PixBrCodeInput } from './pix-brcode';
export {
  boletoNumbers,
  digitableLineFromBarcode,
  dueDateFactor,
  isValidBarcode,
  mod10,
  mod11,
} from './boleto';
export type { BoletoInput, BoletoNumbers } from './boleto';
export {
  cardBrand,
  cardDigits,
  cardOutcome,
  luhnValid,
  TEST_CARDHOLDER_OUTCOMES,
} from './test-cards';
export type { CardBrand, CardOutcome, TestCardholderName } from './test-cards';
export { createPaymentSimulator, isSettleable } from './simulator';
export type {
  CardToken,
  CardTokenRequest,
  PaymentSimulator,
  PaymentSimulatorOptions,
} from './simulator';
export { paymentSimulatorRouter } from './simulator-routes';
export { createConfiguredGateway } from './configured';
export type { ConfiguredGateway, ConfiguredGatewayOptions } from './configured';
