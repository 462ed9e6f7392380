import type {} from 'altcha/types/react';
import {
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react';
import forms from '../../../components/form.module.css';
import { isRecord } from '../../../lib/is-record';
import { onFirstInteraction } from '../../../lib/on-first-interaction';
import { CAPTCHA_URL, useGetCaptchaConfigQuery } from '../api/account-api';
import styles from './captcha.module.css';
import { loadRecaptcha } from './recaptcha';

export interface CaptchaHandle {
  /** A fresh challenge: the server refuses a payload it has already seen (spec §5). */
  reset: () => void;
}

interface ProviderProps {
  /** The token once the visitor has passed the check, null when there is none (again). */
  onToken: (token: string | null) => void;
  ref?: Ref<CaptchaHandle> | undefined;
}

export const CAPTCHA_LOAD_ERROR = 'Não foi possível carregar a verificação. Recarregue a página.';

/**
 * Browsers give WebCrypto, which the proof of work runs on, only to secure
 * pages (https, or localhost): opened by a LAN address over http, the widget
 * could only fail, so the form says what to do instead.
 */
export const CAPTCHA_NEEDS_HTTPS =
  'A verificação anti-robô só funciona em conexão segura. Abra a loja pelo endereço https:// (ou em localhost) para entrar ou se cadastrar.';

/** Registered by altcha-setup; a constant here so the widget's code stays out of this chunk. */
const ALTCHA_LANGUAGE = 'pt-br';

/** Only forms with a captcha pay for the widget's code, and only once the visitor is on them. */
function loadAltcha() {
  return import('./altcha-setup');
}

/** The reserved box's text before the widget's code is asked for (issue 36: no blank gap). */
export const CAPTCHA_WAITING =
  'A verificação anti-robô aparece aqui assim que você começar a preencher o formulário.';
export const CAPTCHA_LOADING = 'Carregando verificação...';

type AltchaLoad = 'waiting' | 'loading' | 'failed';

/** The box the widget will fill, at its height, saying what happens meanwhile. */
function CaptchaPlaceholder({ text, tone = 'muted' }: { text: string; tone?: 'muted' | 'error' }) {
  return (
    <p className={`${styles.placeholder} ${tone === 'error' ? styles.placeholderError : ''}`}>
      {text}
    </p>
  );
}

function AltchaCaptcha({ onToken, ref }: ProviderProps) {
  const widgetRef = useRef<HTMLElement>(null);
  const emit = useEffectEvent(onToken);
  const [defined, setDefined] = useState(() => customElements.get('altcha-widget') !== undefined);
  const [load, setLoad] = useState<AltchaLoad>('waiting');

  useEffect(() => {
    let active = true;
    void customElements.whenDefined('altcha-widget').then(() => {
      if (active) setDefined(true);
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    // The widget's code (30 kB gzipped) loads when the visitor starts on the form, at its
    // first focus or touch, not with the page (issue 14's budget): it is there long before
    // the e-mail and password are typed. Until then a box of its size says so.
    return onFirstInteraction(widget, () => {
      setLoad('loading');
      loadAltcha().catch((error: unknown) => {
        console.error('Não foi possível carregar o ALTCHA.', error);
        setLoad('failed');
      });
    });
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const detail: unknown = event instanceof CustomEvent ? event.detail : null;
      const payload = isRecord(detail) && detail['state'] === 'verified' ? detail['payload'] : null;
      emit(typeof payload === 'string' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        const widget = widgetRef.current;
        if (widget && 'reset' in widget && typeof widget.reset === 'function') widget.reset();
        onToken(null);
      },
    }),
    [onToken],
  );

  return (
    <>
      <altcha-widget
        ref={widgetRef}
        className={styles.altcha}
        challenge={CAPTCHA_URL}
        language={ALTCHA_LANGUAGE}
        auto="off"
        type="checkbox"
      />
      {defined ? null : load === 'failed' ? (
        <CaptchaPlaceholder text={CAPTCHA_LOAD_ERROR} tone="error" />
      ) : (
        <CaptchaPlaceholder text={load === 'loading' ? CAPTCHA_LOADING : CAPTCHA_WAITING} />
      )}
    </>
  );
}

function RecaptchaCaptcha({ siteKey, onToken, ref }: ProviderProps & { siteKey: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widget = useRef<{ id: number; reset: (id: number) => void } | null>(null);
  const [failed, setFailed] = useState(false);
  const emit = useEffectEvent(onToken);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // A fresh element each time: reCAPTCHA renders only once per element.
    const slot = document.createElement('div');
    container.appendChild(slot);
    let active = true;
    loadRecaptcha().then(
      (api) => {
        if (!active) return;
        const id = api.render(slot, {
          sitekey: siteKey,
          callback: (token) => emit(token),
          'expired-callback': () => emit(null),
          'error-callback': () => emit(null),
        });
        widget.current = { id, reset: (widgetId) => api.reset(widgetId) };
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
      widget.current = null;
      slot.remove();
    };
  }, [siteKey]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        if (widget.current) widget.current.reset(widget.current.id);
        onToken(null);
      },
    }),
    [onToken],
  );

  return (
    <>
      <div ref={containerRef} className={styles.recaptcha} />
      {failed ? <p className={forms.fieldError}>{CAPTCHA_LOAD_ERROR}</p> : null}
    </>
  );
}

export interface CaptchaProps extends ProviderProps {
  error?: string | null | undefined;
}

/**
 * The bot check of the login and register forms: reCAPTCHA when the server
 * names it, otherwise the self-hosted ALTCHA widget.
 */
export function Captcha({ onToken, error, ref }: CaptchaProps) {
  const { data, isLoading } = useGetCaptchaConfigQuery(undefined);
  const errorId = useId();
  return (
    <div
      className={styles.captcha}
      role="group"
      aria-label="Verificação anti-robô"
      aria-describedby={error ? errorId : undefined}
    >
      {isLoading ? (
        <CaptchaPlaceholder text={CAPTCHA_LOADING} />
      ) : data?.provider === 'recaptcha' ? (
        <RecaptchaCaptcha siteKey={data.siteKey} onToken={onToken} ref={ref} />
      ) : window.isSecureContext === false ? (
        <p className={forms.fieldError}>{CAPTCHA_NEEDS_HTTPS}</p>
      ) : (
        <AltchaCaptcha onToken={onToken} ref={ref} />
      )}
      {error ? (
        <p id={errorId} className={forms.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
