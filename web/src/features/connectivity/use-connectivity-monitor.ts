import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { CONNECTIVITY_EVENT_DEBOUNCE_MS, HEALTH_RECHECK_MS } from '../../config/api';
import { connectivityChanged } from './connectivity-slice';
import { createHealthCheck, type HealthCheck } from './health-check';

/**
 * Keeps `connectivity.online` current: a health check at start and every
 * 60 s, and on the browser's online/offline events after a 1 s debounce.
 */
export function useConnectivityMonitor(healthCheck?: HealthCheck): void {
  const dispatch = useDispatch();
  useEffect(() => {
    const check = healthCheck ?? createHealthCheck();
    let disposed = false;
    let debounce: ReturnType<typeof setTimeout> | undefined;

    const update = async (force: boolean) => {
      const online = navigator.onLine && (await check({ force }));
      if (!disposed) dispatch(connectivityChanged(online));
    };
    const onBrowserEvent = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => void update(true), CONNECTIVITY_EVENT_DEBOUNCE_MS);
    };

    void update(false);
    const interval = setInterval(() => void update(false), HEALTH_RECHECK_MS);
    window.addEventListener('online', onBrowserEvent);
    window.addEventListener('offline', onBrowserEvent);
    return () => {
      disposed = true;
      clearTimeout(debounce);
      clearInterval(interval);
      window.removeEventListener('online', onBrowserEvent);
      window.removeEventListener('offline', onBrowserEvent);
    };
  }, [dispatch, healthCheck]);
}
