export * from './port';
export {
  signatureManifest,
  signWebhook,
  verifyWebhookSignature,
  signatureTimeMs,
} from './webhook-signature';
export type { SignatureCheck, SignatureInput } from './webhook-signature';
