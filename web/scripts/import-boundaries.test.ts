import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** What eslint.config.js's web/import-boundaries says of `code` in web/src/`file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}web/src/${file}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'web/import-boundaries')
    .map((message) => message.message);
}

describe("web's import boundaries (STYLE: features never import each other)", () => {
  it('given a feature importing another by import, type import, re-export or import(), then an error each', async () => {
    const errors = await boundaryErrors(
      'features/checkout/components/summary.tsx',
      [
        "import { USER_ID_KEY } from '../../cart/cart-storage';",
        "import type { CartLine } from '../../cart/model/cart-types';",
        "export { cartReducer } from '../../cart/cart-slice';",
        "export const load = () => import('../../cart/cart-repeat');",
        'export const used: [string, CartLine[]] = [USER_ID_KEY, []];',
      ].join('\n'),
    );

    expect(errors).toHaveLength(4);
    expect(errors[0]).toContain('features/checkout imports features/cart');
  });

  it('given a feature importing its own files and the shared folders, then no error', async () => {
    const errors = await boundaryErrors(
      'features/admin/orders/orders-page.tsx',
      [
        "import { adminTexts } from '../model/admin-texts';",
        "import { FilterSelect } from '../../../components/filter-select';",
        "import { useDebouncedValue } from '../../../hooks/use-debounced-value';",
        "import { isRecord } from '../../../lib/is-record';",
        "import { FEEDBACK_MS } from '../../../config/ui';",
        "import { queryApi } from '../../../api/query-api';",
        "import { json } from '../../../testing/fetch-stub';",
        'export const used = [adminTexts, FilterSelect, useDebouncedValue, isRecord, FEEDBACK_MS, queryApi, json];',
      ].join('\n'),
    );

    expect(errors).toEqual([]);
  });

  it("given a feature's code importing app/, then an error; given its test, then none (a test may render the app)", async () => {
    const code = "import { makeStore } from '../../app/store';\nexport const used = makeStore;";

    expect(await boundaryErrors('features/auth/session.ts', code)).toHaveLength(1);
    expect(await boundaryErrors('features/auth/session.test.ts', code)).toEqual([]);
  });

  it('given shared code importing a feature or app/, then an error each', async () => {
    const errors = await boundaryErrors(
      'components/header.tsx',
      [
        "import { selectAuth } from '../features/auth/auth-slice';",
        "import { routes } from '../app/router';",
        'export const used = [selectAuth, routes];',
      ].join('\n'),
    );

    expect(errors).toHaveLength(2);
  });

  it('given app/ and testing/ importing features, then no error (they put the features together)', async () => {
    const code =
      "import { selectAuth } from '../features/auth/auth-slice';\nimport { cartReducer } from '../features/cart/cart-slice';\nexport const used = [selectAuth, cartReducer];";

    expect(await boundaryErrors('app/store.ts', code)).toEqual([]);
    expect(await boundaryErrors('testing/session.ts', code)).toEqual([]);
  });
});
