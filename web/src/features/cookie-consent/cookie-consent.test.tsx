import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../testing/fetch-stub';
import { LeadTimeNotice } from '../../components/lead-time-notice';
import { MemoryStorage } from '../../testing/memory-storage';
import { renderWithProviders } from '../../testing/render';
import { consentCookies, storedConsent } from './consent-storage';
import { CookieConsent } from './cookie-consent';

const NOW = new Date('2030-11-21T12:00:00.000Z');

function clearCookies() {
  for (const name of ['cookieConsent', 'cookieConsentDate']) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(clearCookies);

function renderBanner(storage = new MemoryStorage()) {
  const requests = stubFetch(() =>
    json({ message: 'ok', consent: 'accepted', position: 1 }, { status: 201 }),
  );
  const rendered = renderWithProviders(<CookieConsent storage={storage} />);
  return { ...rendered, storage, requests };
}

const banner = () => screen.queryByRole('region', { name: 'Aviso de cookies' });

async function showBanner() {
  await act(() => vi.advanceTimersByTimeAsync(1_000));
  await vi.waitFor(() => expect(banner()).not.toBeNull());
}

describe('the cookie banner (customer spec §2, §4, §9)', () => {
  it('given nothing stored, then it appears 1 s after load, not before', async () => {
    vi.useFakeTimers();
    renderBanner();

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(banner()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    // Its code may still be on its way (it loads when nothing is stored); no more time passes.
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    expect(screen.getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe(
      '/privacidade',
    );
  });

  it("given the menu's 'Prazos para Pedidos' popup open, then the banner waits until it is closed, one after the other", async () => {
    vi.useFakeTimers();
    stubFetch(() => json({}));
    renderWithProviders(
      <>
        <LeadTimeNotice delayMs={200} />
        <CookieConsent storage={new MemoryStorage()} />
      </>,
    );

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const popup = screen.getByRole('dialog', { name: 'Prazos para Pedidos' });
    expect(banner()).toBeNull();

    fireEvent.click(within(popup).getByRole('button', { name: 'Entendi' }));
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given a choice stored locally or only in the cookie, then it never appears', async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    storage.setItem('cookieConsent', 'rejected');
    const { unmount } = renderBanner(storage);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(banner()).toBeNull();
    unmount();

    document.cookie = 'cookieConsent=accepted; path=/';
    renderBanner();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(banner()).toBeNull();
  });

  it("given Aceitar, then 'accepted' and its date are stored locally and in 365-day cookies, the server is told with the browser's credentials, and the banner goes", async () => {
    vi.useFakeTimers({ now: NOW });
    const { storage, requests } = renderBanner();
    await showBanner();

    const answered = new Date();
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar' }));

    expect(banner()).toBeNull();
    expect(storage.getItem('cookieConsent')).toBe('accepted');
    expect(storage.getItem('cookieConsentDate')).toBe(answered.toISOString());
    expect(document.cookie).toContain('cookieConsent=accepted');
    expect(document.cookie).toContain(
      `cookieConsentDate=${encodeURIComponent(answered.toISOString())}`,
    );
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/cookie-consent');
    expect(request?.credentials).toBe('include');
    expect(JSON.parse((await request?.clone().text()) ?? '')).toEqual({ consent: 'accepted' });
  });

  it("given Recusar, then 'rejected' is stored the same way and nothing is posted", async () => {
    vi.useFakeTimers({ now: NOW });
    const { storage, requests } = renderBanner();
    await showBanner();

    const answered = new Date();
    fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));

    expect(banner()).toBeNull();
    expect(storage.getItem('cookieConsent')).toBe('rejected');
    expect(storage.getItem('cookieConsentDate')).toBe(answered.toISOString());
    expect(document.cookie).toContain('cookieConsent=rejected');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(requests).toHaveLength(0);
  });

  it('given the server cannot record an acceptance, then the choice is kept all the same', async () => {
    const storage = new MemoryStorage();
    const requests = stubFetch(() => json({ message: 'fora' }, { status: 503 }));
    renderWithProviders(<CookieConsent storage={storage} delayMs={0} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Aceitar' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(storage.getItem('cookieConsent')).toBe('accepted');
    expect(banner()).toBeNull();
  });
});

describe('consentCookies and storedConsent', () => {
  it('given a choice, then two cookies for the whole site expiring 365 days later', () => {
    const expires = new Date('2031-11-21T12:00:00.000Z').toUTCString();
    expect(consentCookies('accepted', NOW, false)).toEqual([
      `cookieConsent=accepted; expires=${expires}; path=/; SameSite=Lax`,
      `cookieConsentDate=2030-11-21T12%3A00%3A00.000Z; expires=${expires}; path=/; SameSite=Lax`,
    ]);
    expect(consentCookies('rejected', NOW, true)[0]).toMatch(/; Secure$/);
  });

  it('given storage and cookies, then the stored value wins, the cookie counts when storage has none, and anything else is no choice', () => {
    const storage = new MemoryStorage();
    expect(storedConsent(storage, '')).toBeNull();
    expect(storedConsent(storage, 'a=1; cookieConsent=rejected')).toBe('rejected');
    storage.setItem('cookieConsent', 'accepted');
    expect(storedConsent(storage, 'cookieConsent=rejected')).toBe('accepted');
    storage.setItem('cookieConsent', 'talvez');
    expect(storedConsent(storage, 'cookieConsent=sim')).toBeNull();
  });
});
