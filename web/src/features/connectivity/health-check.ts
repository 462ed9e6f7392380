import { HEALTH_CACHE_MS, HEALTH_TIMEOUT_MS } from '../../config/api';

export interface HealthCheckOptions {
  url?: string;
  timeoutMs?: number;
  cacheMs?: number;
  now?: () => number;
  fetchFn?: typeof fetch;
}

export type HealthCheck = (options?: { force?: boolean }) => Promise<boolean>;

/**
 * GET /health with a 5 s timeout: 200 or 204 means online (spec §7). A result
 * is reused for 30 s unless the caller forces a new check.
 */
export function createHealthCheck({
  url = `${window.location.origin}/health`,
  timeoutMs = HEALTH_TIMEOUT_MS,
  cacheMs = HEALTH_CACHE_MS,
  now = Date.now,
  fetchFn = (...args) => fetch(...args),
}: HealthCheckOptions = {}): HealthCheck {
  let cached: { at: number; online: boolean } | null = null;
  let inFlight: Promise<boolean> | null = null;

  async function probe(): Promise<boolean> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetchFn(url, { cache: 'no-store', signal: controller.signal });
      return response.status === 200 || response.status === 204;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return async ({ force = false } = {}) => {
    if (!force && cached && now() - cached.at < cacheMs) return cached.online;
    inFlight ??= probe().then((online) => {
      cached = { at: now(), online };
      inFlight = null;
      return online;
    });
    return inFlight;
  };
}
