import { useCallback, useState } from 'react';
import type * as authValidation from '../model/auth-validation';

type AuthValidation = typeof authValidation;

/**
 * The account forms' rules (the contracts' zod schemas, 25 kB gzipped), loaded
 * when the visitor starts on a form, not with its page (issue 14's budget):
 * `prefetch` is the form's onFocus, `load` is awaited on submit, and `rules`
 * holds them once they arrived (null before).
 */
export function useAuthValidation() {
  const [rules, setRules] = useState<AuthValidation | null>(null);
  const load = useCallback(async () => {
    const loaded = await import('../model/auth-validation');
    setRules(loaded);
    return loaded;
  }, []);
  const prefetch = useCallback(() => {
    load().catch((error: unknown) => {
      console.error('Não foi possível carregar as regras do formulário.', error);
    });
  }, [load]);
  return { rules, load, prefetch };
}
