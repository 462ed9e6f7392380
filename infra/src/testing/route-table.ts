import { z } from 'zod';

/** One registered route: its method in capitals and its full path, parameters as `:name`. */
export interface RouteEntry {
  method: string;
  path: string;
}

const routeSchema = z.object({ path: z.string(), methods: z.record(z.string(), z.boolean()) });

/** The `stack` of an Express router, or of an Express 5 app's router; null for anything else. */
function stackOf(value: unknown): unknown[] | null {
  if ((typeof value !== 'function' && typeof value !== 'object') || value === null) return null;
  if ('stack' in value) return Array.isArray(value.stack) ? value.stack : null;
  return 'router' in value ? stackOf(value.router) : null;
}

/**
 * Method and full path of every route in an Express router, mounted routers
 * included — read from the router itself, so tests that walk it also check
 * the routes added after them.
 */
export function routeTable(router: unknown, prefix = ''): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const layer of stackOf(router) ?? []) {
    if (typeof layer !== 'object' || layer === null) continue;
    const route = 'route' in layer ? routeSchema.safeParse(layer.route) : null;
    if (route?.success) {
      for (const [method, handled] of Object.entries(route.data.methods)) {
        if (handled && method !== '_all') {
          entries.push({ method: method.toUpperCase(), path: prefix + route.data.path });
        }
      }
      continue;
    }
    const handle = 'handle' in layer ? layer.handle : null;
    if (stackOf(handle)) {
      const mountedAt =
        'rawPath' in layer && typeof layer.rawPath === 'string' ? layer.rawPath : '/';
      entries.push(...routeTable(handle, mountedAt === '/' ? prefix : prefix + mountedAt));
    }
  }
  return entries;
}
