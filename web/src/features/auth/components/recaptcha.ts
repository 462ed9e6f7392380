/** Google reCAPTCHA v2 ("I'm not a robot" checkbox), loaded on demand. */
export const RECAPTCHA_SCRIPT_URL =
  'https://www.google.com/recaptcha/api.js?render=explicit&hl=pt-BR';

export interface RecaptchaParameters {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

export interface Grecaptcha {
  ready: (callback: () => void) => void;
  render: (container: HTMLElement, parameters: RecaptchaParameters) => number;
  reset: (widgetId?: number) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | null = null;

/** Adds Google's script once; resolves when its API is ready. */
export function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const api = window.grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('reCAPTCHA indisponível.'));
    });
    script.addEventListener('error', () => {
      loading = null;
      script.remove();
      reject(new Error('Não foi possível carregar o reCAPTCHA.'));
    });
    document.head.appendChild(script);
  });
  return loading;
}

/** Tests start from a page without the script. */
export function forgetRecaptchaForTests(): void {
  loading = null;
}
