import { act, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { altchaChallenge, captchaWidget, solveCaptcha } from '../../../testing/session';
import {
  CAPTCHA_LOAD_ERROR,
  CAPTCHA_LOADING,
  CAPTCHA_NEEDS_HTTPS,
  CAPTCHA_WAITING,
  Captcha,
  type CaptchaHandle,
} from './captcha';
import { forgetRecaptchaForTests, RECAPTCHA_SCRIPT_URL, type Grecaptcha } from './recaptcha';

afterEach(() => {
  forgetRecaptchaForTests();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete window.grecaptcha;
});

function renderCaptcha(config: unknown, error?: string) {
  stubFetch((url) =>
    url.pathname === '/api/auth/captcha' ? json(config) : json({}, { status: 404 }),
  );
  const onToken = vi.fn<(token: string | null) => void>();
  const ref = createRef<CaptchaHandle>();
  renderWithProviders(<Captcha ref={ref} onToken={onToken} error={error} />);
  return { onToken, ref };
}

describe('Captcha with ALTCHA (the default)', () => {
  it('given the server answers a challenge, then the widget asks /api/auth/captcha itself, in Portuguese, when ticked', async () => {
    renderCaptcha(altchaChallenge);
    await vi.waitFor(() => captchaWidget());
    const widget = captchaWidget();
    expect(widget.getAttribute('challenge')).toBe('/api/auth/captcha');
    expect(widget.getAttribute('language')).toBe('pt-br');
    expect(widget.getAttribute('auto')).toBe('off');
  });

  it('given the widget verifies, then its payload is the token; a later state takes it back', async () => {
    const { onToken } = renderCaptcha(altchaChallenge);
    await vi.waitFor(() => captchaWidget());
    const widget = captchaWidget();

    solveCaptcha(widget, 'eyJwYXlsb2FkIjp0cnVlfQ==');
    expect(onToken).toHaveBeenLastCalledWith('eyJwYXlsb2FkIjp0cnVlfQ==');

    act(() => {
      widget.dispatchEvent(
        new CustomEvent('statechange', { detail: { state: 'expired', payload: null } }),
      );
    });
    expect(onToken).toHaveBeenLastCalledWith(null);
  });

  it('given a reset, then the widget starts over and there is no token', async () => {
    const { onToken, ref } = renderCaptcha(altchaChallenge);
    await vi.waitFor(() => captchaWidget());
    const widget = captchaWidget();
    solveCaptcha(widget);

    act(() => ref.current?.reset());

    expect(widget.reset).toHaveBeenCalledTimes(1);
    expect(onToken).toHaveBeenLastCalledWith(null);
  });

  it('given a page that is not a secure context (a LAN address over http), then no widget but what to do instead', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    try {
      const { onToken } = renderCaptcha(altchaChallenge);
      expect(await screen.findByText(CAPTCHA_NEEDS_HTTPS)).toBeTruthy();
      expect(document.querySelector('altcha-widget')).toBeNull();
      expect(onToken).not.toHaveBeenCalledWith(expect.any(String));
    } finally {
      Reflect.deleteProperty(window, 'isSecureContext');
    }
  });

  it('given the provider cannot be learned, then ALTCHA anyway', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<Captcha onToken={() => {}} />);
    await vi.waitFor(() => captchaWidget());
  });

  it('given an error, then it describes the group', async () => {
    renderCaptcha(altchaChallenge, 'Por favor, complete o reCAPTCHA.');
    const group = screen.getByRole('group', { name: 'Verificação anti-robô' });
    const described = document.getElementById(group.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Por favor, complete o reCAPTCHA.');
  });
});

describe('Captcha with ALTCHA: the reserved box before the widget (issue 36)', () => {
  it('given a form not yet touched, then a box says what will happen; at the first focus it loads; once the widget is defined the box gives way', async () => {
    stubFetch((url) =>
      url.pathname === '/api/auth/captcha' ? json(altchaChallenge) : json({}, { status: 404 }),
    );
    renderWithProviders(
      <form>
        <input aria-label="Email" />
        <Captcha onToken={() => {}} />
      </form>,
    );
    expect(await screen.findByText(CAPTCHA_WAITING)).toBeTruthy();
    expect(captchaWidget()).toBeTruthy();

    act(() => screen.getByLabelText('Email').focus());
    expect(await screen.findByText(CAPTCHA_LOADING)).toBeTruthy();
    expect(screen.queryByText(CAPTCHA_WAITING)).toBeNull();

    // What altcha-setup does when its code has loaded (it is mocked under jsdom).
    customElements.define('altcha-widget', class extends HTMLElement {});
    await vi.waitFor(() => expect(screen.queryByText(CAPTCHA_LOADING)).toBeNull());
    expect(screen.queryByText(CAPTCHA_WAITING)).toBeNull();
  });
});

describe('Captcha with reCAPTCHA', () => {
  function fakeGrecaptcha() {
    let parameters: Parameters<Grecaptcha['render']>[1] | undefined;
    const api = {
      ready: (callback: () => void) => callback(),
      render: vi.fn((_container: HTMLElement, params: Parameters<Grecaptcha['render']>[1]) => {
        parameters = params;
        return 3;
      }),
      reset: vi.fn(),
    };
    return { api, parameters: () => parameters };
  }

  async function googleScript(): Promise<HTMLScriptElement> {
    return vi.waitFor(() => {
      const script = document.head.querySelector(`script[src="${RECAPTCHA_SCRIPT_URL}"]`);
      if (!(script instanceof HTMLScriptElement)) throw new Error('no reCAPTCHA script yet');
      return script;
    });
  }

  it("given the server names reCAPTCHA, then Google's script, the checkbox with the site key, and its token", async () => {
    const { onToken, ref } = renderCaptcha({ provider: 'recaptcha', siteKey: 'chave-do-site' });
    const script = await googleScript();
    const google = fakeGrecaptcha();
    window.grecaptcha = google.api;

    await act(async () => {
      script.dispatchEvent(new Event('load'));
    });

    expect(google.parameters()?.sitekey).toBe('chave-do-site');
    expect(document.querySelector('altcha-widget')).toBeNull();
    act(() => google.parameters()?.callback('token-do-google'));
    expect(onToken).toHaveBeenLastCalledWith('token-do-google');
    act(() => google.parameters()?.['expired-callback']());
    expect(onToken).toHaveBeenLastCalledWith(null);

    act(() => ref.current?.reset());
    expect(google.api.reset).toHaveBeenCalledWith(3);
  });

  it('given the script cannot load, then a message asks to reload', async () => {
    renderCaptcha({ provider: 'recaptcha', siteKey: 'chave-do-site' });
    const script = await googleScript();

    await act(async () => {
      script.dispatchEvent(new Event('error'));
    });

    expect(screen.getByText(CAPTCHA_LOAD_ERROR)).toBeTruthy();
  });
});
