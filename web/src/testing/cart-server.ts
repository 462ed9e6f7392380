import { cartEtag, revisionFromEtag, type CartDto, type ProductDto } from '@quitute/contracts';
import type { AuthUser } from '../features/auth/model/auth-types';
import type { CartLine } from '../features/cart/model/cart-types';
import { isRecord } from '../lib/is-record';
import { json, stubFetch } from './fetch-stub';
import { menuProducts } from './products';
import { profileBody } from './session';
import { shopSettingsAnswer } from './shop-settings';

/** The menu product named `nome`, as a cart line of `quantidade` units. */
export function menuLine(nome: string, quantidade: number): CartLine {
  const product = menuProducts.find((candidate) => candidate.name === nome);
  if (!product) throw new Error(`no menu product ${nome}`);
  return {
    item: {
      id: product._id,
      nome: product.name,
      preco: product.price,
      categoria: product.category,
      quantidade,
      descricao: product.description,
      ...(product.itens ? { itens: [...product.itens] } : {}),
      imageUrl: product.imageUrl,
    },
    quantidade,
  };
}

interface ServerLine {
  product: ProductDto;
  quantidade: number;
}

/** [nome, quantidade] pairs: what a test compares carts by. */
export function namesAndQuantities(lines: readonly CartLine[]): [string, number][] {
  return lines.map((line) => [line.item.nome, line.quantidade]);
}

/**
 * An in-memory shop backend for cart tests, speaking the cart API's contract:
 * revisions as ETags, 412 with the current cart on a stale If-Match, a
 * position per command, catalogue prices. `answer` may take over a request
 * (return a Response, or throw for a network failure) before the fake does.
 */
export function fakeCartServer({
  user,
  products = menuProducts,
  answer,
}: {
  user: AuthUser;
  products?: ProductDto[];
  answer?: (url: URL, request: Request) => Response | undefined | Promise<Response | undefined>;
}) {
  let lines: ServerLine[] = [];
  let revision = -1;
  let position = 100;

  const cartBody = (withPosition: boolean): CartDto => ({
    userId: user.id,
    itens: lines.map(({ product, quantidade }) => ({
      item: {
        id: product._id,
        nome: product.name,
        preco: product.price,
        categoria: product.category,
        descricao: product.description,
        ...(product.itens ? { itens: product.itens } : {}),
        imageUrl: product.imageUrl,
      },
      quantidade,
    })),
    ...(withPosition ? { position } : {}),
  });
  const cartAnswer = (withPosition: boolean, status = 200) =>
    json(cartBody(withPosition), { status, headers: { ETag: cartEtag(revision) } });
  const written = () => {
    revision += 1;
    position += 1;
    return cartAnswer(true);
  };
  const find = (item: unknown): ProductDto | undefined => {
    if (!isRecord(item)) return undefined;
    return products.find((p) => p._id === item['id'] || p.name === item['nome']);
  };
  const badRequest = (message: string) => json({ message, code: 'validation' }, { status: 400 });

  const server = {
    requests: [] as Request[],
    get revision() {
      return revision;
    },
    get position() {
      return position;
    },
    /** The server's lines as [nome, quantidade]. */
    contents(): [string, number][] {
      return lines.map((line) => [line.product.name, line.quantidade]);
    },
    /** Another tab or device writes the cart. */
    writeElsewhere(next: [string, number][]): void {
      lines = next.map(([nome, quantidade]) => {
        const product = products.find((p) => p.name === nome);
        if (!product) throw new Error(`no product ${nome}`);
        return { product, quantidade };
      });
      revision += 1;
      position += 1;
    },
  };

  const handle = async (url: URL, request: Request): Promise<Response> => {
    const custom = await answer?.(url, request);
    if (custom) return custom;
    if (url.pathname === '/health') return json({ status: 'ok' });
    const shop = shopSettingsAnswer(url);
    if (shop) return shop;
    if (url.pathname === '/api/products') return json(products);
    if (url.pathname === '/api/users/profile') return json(profileBody(user));
    if (url.pathname === `/carrinho/${user.id}` && request.method === 'GET') {
      return cartAnswer(false);
    }
    if (url.pathname === `/carrinho/${user.id}` && request.method === 'DELETE') {
      lines = [];
      return written();
    }
    const body: unknown = request.method === 'POST' ? await request.clone().json() : null;
    if (url.pathname === '/carrinho' && isRecord(body)) {
      const product = find(body['item']);
      const quantidade = body['quantidade'];
      if (!product) return badRequest('Produto não encontrado.');
      if (typeof quantidade !== 'number') return badRequest('Item inválido.');
      const line = lines.find((candidate) => candidate.product === product);
      if (line) line.quantidade += quantidade;
      else lines.push({ product, quantidade });
      return written();
    }
    if (url.pathname === '/carrinho/sync' && isRecord(body) && Array.isArray(body['itens'])) {
      const ifMatch = request.headers.get('If-Match');
      if (ifMatch !== null && revisionFromEtag(ifMatch) !== revision) {
        return json(
          {
            message:
              'Seu carrinho foi alterado em outra aba ou dispositivo. Confira os itens e tente novamente.',
            code: 'cart_changed',
            cart: cartBody(false),
          },
          { status: 412, headers: { ETag: cartEtag(revision) } },
        );
      }
      const next: ServerLine[] = [];
      for (const raw of body['itens']) {
        const product = isRecord(raw) ? find(raw['item']) : undefined;
        if (!product || !isRecord(raw)) return badRequest('Produto não encontrado.');
        const quantidade = raw['quantidade'];
        if (typeof quantidade === 'number' && quantidade > 0) next.push({ product, quantidade });
      }
      lines = next;
      return written();
    }
    return json({ message: 'Recurso não encontrado.' }, { status: 404 });
  };

  server.requests = stubFetch(handle);
  return server;
}

/** The cart calls among `requests`, as 'METHOD /path'. */
export function cartCalls(requests: readonly Request[]): string[] {
  return requests
    .map((request) => `${request.method} ${new URL(request.url).pathname}`)
    .filter((call) => call.includes('/carrinho'));
}
