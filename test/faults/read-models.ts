import { z } from 'zod';
import { call, login, ADMIN_EMAIL, ADMIN_PASSWORD } from './shop-process';

const statusSchema = z.object({ projections: z.array(z.object({ name: z.string() })) });
const verifyLineSchema = z.object({
  result: z.object({ differences: z.array(z.unknown()) }).optional(),
  error: z.object({ message: z.string() }).optional(),
});

/**
 * Each read model the running shop serves compared with a rebuild of it from
 * the log (POST /api/admin/projections/{name}/verify, what `npm run
 * projections -- verify` asks a running shop): the differences by projection,
 * of every projection or of those `only` names.
 */
export async function readModelDifferences(
  baseUrl: string,
  only?: readonly string[],
): Promise<Record<string, number>> {
  const admin = await login(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const status = await call(baseUrl, 'GET', '/api/admin/projections', { token: admin.token });
  const differences: Record<string, number> = {};
  const names = statusSchema.parse(status.body).projections.map(({ name }) => name);
  for (const name of only ?? names) {
    const answer = await call(baseUrl, 'POST', `/api/admin/projections/${name}/verify`, {
      token: admin.token,
      timeoutMs: 120_000,
    });
    // NDJSON: progress lines, then the result; a single line parses as JSON by itself.
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const lines = text.trim().split('\n');
    const last = verifyLineSchema.parse(JSON.parse(lines.at(-1) ?? '{}'));
    if (!last.result) throw new Error(`verify ${name}: ${last.error?.message ?? text}`);
    differences[name] = last.result.differences.length;
  }
  return differences;
}
