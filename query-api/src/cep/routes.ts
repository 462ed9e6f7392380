import { Router } from 'express';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { accountMessages, checkoutMessages, type CepLookup } from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { Logger } from '@quitute/infra/logging';
import { rateLimiter } from '@quitute/infra/rate-limit';

export const VIACEP_URL = 'https://viacep.com.br';
export const VIACEP_TIMEOUT_MS = 5_000;
/** Addresses barely change: an answer (found or not) is reused for an hour. */
export const CEP_CACHE_TTL_MS = 60 * 60 * 1000;
export const CEP_CACHE_ENTRIES = 5_000;
/**
 * A customer looks up a CEP or two per checkout; the limit stops a stranger
 * from making this server hammer ViaCEP (and get it blocked there). Per
 * instance and in memory, like the captcha's.
 */
export const CEP_LOOKUPS_PER_MINUTE = 30;

export const cepMessages = {
  invalid: checkoutMessages.invalidCep,
  unavailable: 'Não foi possível consultar o CEP agora. Tente novamente em instantes.',
} as const;

/** ViaCEP's answer (integration-facts §6); `erro` has been both a boolean and a string. */
const viaCepAnswerSchema = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
  z.object({
    logradouro: z.string().default(''),
    bairro: z.string().default(''),
    localidade: z.string(),
    uf: z.string(),
  }),
]);

type CepAnswer = { found: true; lookup: CepLookup } | { found: false };

class ViaCepUnavailable extends Error {
  override readonly name = 'ViaCepUnavailable';
}

/**
 * GET /api/cep/{cep} (spec §3, §5): the address of a CEP from ViaCEP, for the
 * checkout's address block. '01001-000' and '01001000' are the same CEP.
 * Concurrent lookups of one CEP share one request.
 */
export function cepRoutes(deps: {
  logger: Logger;
  /** ViaCEP's origin (VIACEP_URL); tests point it at a local fake. */
  viaCepUrl?: string;
  timeoutMs?: number;
}): Router {
  const baseUrl = (deps.viaCepUrl ?? VIACEP_URL).replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? VIACEP_TIMEOUT_MS;

  const lookUp = async (cep: string, signal: AbortSignal): Promise<CepAnswer> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/ws/${cep}/json/`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
    } catch (error) {
      throw new ViaCepUnavailable('ViaCEP did not answer', { cause: error });
    }
    if (!response.ok) throw new ViaCepUnavailable(`ViaCEP answered ${response.status}`);
    const answer = viaCepAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!answer.success) throw new ViaCepUnavailable('ViaCEP answered an unknown shape');
    if ('erro' in answer.data) return { found: false };
    const { logradouro, bairro, localidade, uf } = answer.data;
    return {
      found: true,
      lookup: {
        zipCode: cep,
        streetName: logradouro,
        streetNumber: '',
        neighborhood: bairro,
        city: localidade,
        federalUnit: uf,
      },
    };
  };

  // A failed lookup rejects and leaves nothing behind: only answers are cached.
  const answers = new LRUCache<string, CepAnswer>({
    max: CEP_CACHE_ENTRIES,
    ttl: CEP_CACHE_TTL_MS,
    fetchMethod: (cep, _stale, { signal }) => lookUp(cep, signal),
  });

  const limit = rateLimiter({
    name: 'cep-lookup-ip',
    limit: CEP_LOOKUPS_PER_MINUTE,
    windowMs: 60_000,
    message: accountMessages.tooManyRequests,
  });

  const router = Router();
  router.get('/api/cep/:cep', limit, async (req, res) => {
    const raw = req.params['cep'];
    const match = /^(\d{5})-?(\d{3})$/.exec(typeof raw === 'string' ? raw.trim() : '');
    if (!match) throw new AppError('validation', cepMessages.invalid);
    const cep = `${match[1]}${match[2]}`;
    let answer: CepAnswer | undefined;
    try {
      answer = await answers.fetch(cep);
    } catch (error) {
      deps.logger.warn({ err: error, cep }, 'CEP lookup failed');
      throw new AppError('unavailable', cepMessages.unavailable);
    }
    if (!answer?.found) throw new AppError('not_found', cepMessages.invalid);
    res.set('Cache-Control', 'public, max-age=3600').json(answer.lookup);
  });
  return router;
}
