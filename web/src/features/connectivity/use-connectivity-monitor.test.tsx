import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { MemoryStorage } from '../../testing/memory-storage';
import '../../testing/render';
import type { HealthCheck } from './health-check';
import { useConnectivityMonitor } from './use-connectivity-monitor';

function Monitor({ check }: { check: HealthCheck }) {
  useConnectivityMonitor(check);
  return null;
}

function setup(results: boolean[]) {
  vi.useFakeTimers();
  const store = makeStore({ storage: new MemoryStorage() });
  const check = vi.fn<HealthCheck>(async () => results.shift() ?? true);
  render(
    <Provider store={store}>
      <Monitor check={check} />
    </Provider>,
  );
  return { store, check };
}

describe('useConnectivityMonitor', () => {
  it('given a failing health check at start, then offline; when it passes on the 60 s recheck, then online', async () => {
    const { store, check } = setup([false, true]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(store.getState().connectivity.online).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(60_000));

    expect(check).toHaveBeenCalledTimes(2);
    expect(store.getState().connectivity.online).toBe(true);
  });

  it('given online/offline events in a burst, then one forced check 1 s after the last', async () => {
    const { check } = setup([true, true]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(check).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('offline'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    window.dispatchEvent(new Event('online'));
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(check).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(check).toHaveBeenCalledTimes(2);
    expect(check).toHaveBeenLastCalledWith({ force: true });
  });

  it('given the browser goes offline, then offline after the debounce without asking the server', async () => {
    const { store, check } = setup([true]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    window.dispatchEvent(new Event('offline'));
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    expect(store.getState().connectivity.online).toBe(false);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
