import { cpfDigits, formatBRL, paymentMessages } from '@quitute/contracts';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import buttons from '../../../components/button.module.css';
import forms from '../../../components/form.module.css';
import { cardFormErrorText } from '../model/payment-status';
import type { CardFormProps } from './simulator-card-form';
import styles from './checkout-page.module.css';

/**
 * Mercado Pago's card form (integration-facts §4.6): its SDK script draws the
 * card fields as its own iframes and turns them into a token. It needs
 * Mercado Pago's servers, so this path runs only where the shop is configured
 * with Mercado Pago; its code is loaded only then.
 */
export const MERCADOPAGO_SDK_URL = 'https://sdk.mercadopago.com/js/v2';
const SDK_WAIT_MS = 2_000;
const SDK_NOT_LOADED = 'SDK de pagamento não carregado';
const SDK_LOAD_FAILED = 'Erro ao carregar o sistema de pagamento. Tente recarregar a página.';
const FORM_CRASHED = 'Erro crítico ao carregar o formulário de pagamento.';
/** spec §9: the device id is looked for every 500 ms, 60 times, then one is made up. */
const DEVICE_ID_POLL_MS = 500;
const DEVICE_ID_TRIES = 60;

interface CardFormData {
  token?: string;
  paymentMethodId?: string;
  issuerId?: string;
  installments?: string;
}

interface MercadoPagoCardForm {
  getCardFormData(): CardFormData;
  unmount(): void;
}

interface SdkField {
  id: string;
  placeholder?: string;
}

interface CardFormFields {
  id: string;
  cardNumber: SdkField;
  expirationDate: SdkField;
  securityCode: SdkField;
  cardholderName: SdkField;
  issuer: SdkField;
  installments: SdkField;
  identificationType: SdkField;
  identificationNumber: SdkField;
  cardholderEmail: SdkField;
}

interface MercadoPagoInstance {
  cardForm(options: {
    amount: string;
    iframe: boolean;
    form: CardFormFields;
    callbacks: {
      onFormMounted: (error?: { message?: string }) => void;
      onSubmit: (event: Event) => void;
      onFetching?: () => void;
    };
  }): MercadoPagoCardForm;
}

declare global {
  interface Window {
    MercadoPago?: new (publicKey: string, options: { locale: string }) => MercadoPagoInstance;
    MP_DEVICE_SESSION_ID?: string;
  }
}

let sdkScript: Promise<void> | null = null;

/** Adds the SDK's script once; resolves when it ran, rejects if it could not be fetched. */
function loadSdkScript(): Promise<void> {
  sdkScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = MERCADOPAGO_SDK_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      sdkScript = null;
      script.remove();
      reject(new Error(SDK_LOAD_FAILED));
    };
    document.head.append(script);
  });
  return sdkScript;
}

function waitForSdk(): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(SDK_LOAD_FAILED)), SDK_WAIT_MS);
    loadSdkScript().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(SDK_LOAD_FAILED));
      },
    );
  });
}

/**
 * Watches for the device id Mercado Pago's script sets; after 30 s without it
 * one is made up. Returns what is known now, so paying never waits for it.
 */
function watchDeviceId(): { current: () => string | undefined; stop: () => void } {
  let found: string | undefined;
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = () => {
    found = window.MP_DEVICE_SESSION_ID;
    tries += 1;
    if (found) return;
    if (tries >= DEVICE_ID_TRIES) {
      found = `web-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
      return;
    }
    timer = setTimeout(look, DEVICE_ID_POLL_MS);
  };
  look();
  return {
    current: () => found ?? window.MP_DEVICE_SESSION_ID,
    stop: () => clearTimeout(timer),
  };
}

export function MercadoPagoCardFormView({
  publicKey,
  method,
  total,
  email,
  docNumber,
  busy,
  onToken,
  onCancel,
  headingRef,
  onError,
}: CardFormProps & { publicKey: string }) {
  const id = `mp-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [ready, setReady] = useState(false);
  const report = useEffectEvent(onError);
  const submit = useEffectEvent(onToken);

  useEffect(() => {
    let form: MercadoPagoCardForm | null = null;
    let cancelled = false;
    const device = watchDeviceId();
    waitForSdk()
      .then(() => {
        if (cancelled) return;
        const MercadoPago = window.MercadoPago;
        if (!MercadoPago) {
          report(SDK_NOT_LOADED);
          return;
        }
        const mp = new MercadoPago(publicKey, { locale: 'pt-BR' });
        const mounted = mp.cardForm({
          amount: total.toFixed(2),
          iframe: true,
          form: {
            id: `${id}-form`,
            cardNumber: { id: `${id}-number`, placeholder: 'Número do cartão' },
            expirationDate: { id: `${id}-expiration`, placeholder: 'MM/AA' },
            securityCode: { id: `${id}-cvv`, placeholder: 'CVV' },
            cardholderName: { id: `${id}-name`, placeholder: 'Nome do titular' },
            issuer: { id: `${id}-issuer` },
            installments: { id: `${id}-installments` },
            identificationType: { id: `${id}-doc-type` },
            identificationNumber: { id: `${id}-doc`, placeholder: 'CPF do titular' },
            cardholderEmail: { id: `${id}-email` },
          },
          callbacks: {
            onFormMounted: (error) => {
              if (error) report(cardFormErrorText(error.message ?? FORM_CRASHED));
              else setReady(true);
            },
            onSubmit: (event) => {
              event.preventDefault();
              const data = mounted.getCardFormData();
              if (!data.token || !data.paymentMethodId) {
                report(cardFormErrorText(paymentMessages.methodNotDetected));
                return;
              }
              const { token, paymentMethodId, issuerId } = data;
              const deviceId = device.current();
              submit({
                token,
                paymentMethodId,
                installments: method === 'debit_card' ? 1 : Number(data.installments) || 1,
                ...(issuerId ? { issuerId } : {}),
                ...(deviceId ? { deviceId } : {}),
              });
            },
          },
        });
        form = mounted;
      })
      .catch((error: unknown) => {
        if (!cancelled) report(error instanceof Error ? error.message : FORM_CRASHED);
      });
    return () => {
      cancelled = true;
      device.stop();
      try {
        form?.unmount();
      } catch {
        // The SDK's own clean-up failing leaves nothing of ours behind.
      }
    };
  }, [id, publicKey, total, method]);

  return (
    <section className={styles.cardForm} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        Dados do Cartão
      </h2>
      <form
        id={`${id}-form`}
        className={forms.form}
        aria-busy={!ready}
        // The SDK submits through its own listener; the page itself never reloads.
        onSubmit={(event) => event.preventDefault()}
      >
        <div id={`${id}-number`} className={styles.secureField} />
        <div className={styles.row}>
          <div id={`${id}-expiration`} className={styles.secureField} />
          <div id={`${id}-cvv`} className={styles.secureField} />
        </div>
        <input id={`${id}-name`} className={forms.input} aria-label="Nome do titular" />
        <select id={`${id}-issuer`} className={forms.input} aria-label="Banco emissor" />
        <select id={`${id}-installments`} className={forms.input} aria-label="Parcelas" />
        <select id={`${id}-doc-type`} className={forms.input} aria-label="Tipo de documento" />
        <input
          id={`${id}-doc`}
          className={forms.input}
          aria-label="CPF do titular"
          defaultValue={cpfDigits(docNumber)}
          inputMode="numeric"
        />
        <input
          id={`${id}-email`}
          type="email"
          className={forms.input}
          aria-label="E-mail"
          defaultValue={email}
        />
        <div className={forms.actions}>
          <button type="submit" className={buttons.button} disabled={busy || !ready}>
            {busy ? 'Processando...' : `Pagar ${formatBRL(total)}`}
          </button>
          <button type="button" className={buttons.ghost} onClick={onCancel}>
            Cancelar Pagamento
          </button>
        </div>
      </form>
    </section>
  );
}
