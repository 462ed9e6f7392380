import { ALL_CATEGORIES, type ProductDto } from '@quitute/contracts';
import * as v from 'valibot';
import { queryApi } from '../../../api/query-api';
import { productResponseSchema } from '../../../api/response-schemas';
import { PRODUCTS_MAX_RETRIES, PRODUCTS_TIMEOUT_MS } from '../../../config/api';
import { isRecord } from '../../../lib/is-record';

export interface ProductsQuery {
  busca?: string;
  /** A category name; 'Todas' or absent means every category. */
  category?: string;
}

/** Query string of GET /api/products (spec §7): busca trimmed, category omitted for 'Todas'. */
export function productsParams({ busca, category }: ProductsQuery): Record<string, string> {
  const params: Record<string, string> = {};
  const text = busca?.trim();
  if (text) params['busca'] = text;
  if (category && category !== ALL_CATEGORIES) params['category'] = category;
  return params;
}

/**
 * Parses the product list at the edge. Some servers use the Portuguese field
 * names (spec §3), and a product without description or image still shows;
 * an entry that is not a product at all is skipped.
 */
export function parseProducts(body: unknown): ProductDto[] {
  if (!Array.isArray(body)) throw new Error('Resposta inválida do servidor.');
  return body.flatMap((raw: unknown) => {
    if (!isRecord(raw)) return [];
    const parsed = v.safeParse(productResponseSchema, {
      ...raw,
      _id: raw['_id'] ?? raw['id'],
      name: raw['name'] ?? raw['nome'],
      price: raw['price'] ?? raw['preco'],
      category: raw['category'] ?? raw['categoria'],
      description: raw['description'] ?? raw['descricao'] ?? '',
      imageUrl: raw['imageUrl'] ?? null,
      // A server from before issue 38 says nothing of stock: the product can be ordered.
      soldOut: raw['soldOut'] ?? false,
    });
    return parsed.success ? [parsed.output] : [];
  });
}

export const productsApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductDto[], ProductsQuery>({
      query: (arg) => ({
        url: '/api/products',
        params: productsParams(arg),
        timeout: PRODUCTS_TIMEOUT_MS,
      }),
      extraOptions: { maxRetries: PRODUCTS_MAX_RETRIES },
      transformResponse: parseProducts,
      providesTags: ['Product'],
    }),
  }),
});

export const { useGetProductsQuery } = productsApi;
