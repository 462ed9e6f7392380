import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferredResponse, json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import { fakeAdminServer, productDto, type AdminServerOptions } from '../testing/admin-server';

function products(count: number) {
  return Array.from({ length: count }, (_, index) =>
    productDto({
      _id: `5f0c2a7e-1111-4aaa-8bbb-${String(index).padStart(12, '0')}`,
      name: `Produto ${index + 1}`,
    }),
  );
}

async function openProducts(options: AdminServerOptions = {}) {
  const server = fakeAdminServer(options);
  const rendered = renderApp({ route: '/admin/products', storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Gerenciamento de Produtos' }, PAGE_LOAD);
  return { ...rendered, server };
}

function table() {
  return screen.getByRole('table');
}

describe('/admin/products (admin-spec §2 "Products page")', () => {
  it('given products, then the four stat cards and the table: ID of 8 characters, Sem Imagem, N/A for no category, price and status', async () => {
    await openProducts({
      products: [
        productDto({ _id: 'abcdef12-3456-4789-8abc-def012345678', name: 'Brigadeiro', price: 0.7 }),
        productDto({
          _id: '12345678-aaaa-4bbb-8ccc-dddddddddddd',
          name: 'Sem Categoria',
          category: '',
          status: '',
          isActive: false,
          stock: 3,
        }),
      ],
    });

    const rows = await screen.findAllByRole('row', {}, PAGE_LOAD);
    expect(rows).toHaveLength(3);
    const first = rows[1];
    const second = rows[2];
    if (!first || !second) throw new Error('rows missing');
    expect(first.textContent).toContain('abcdef12');
    expect(first.textContent).not.toContain('abcdef12-');
    expect(first.textContent).toContain('Sem Imagem');
    expect(first.textContent).toContain('R$ 0,70');
    expect(first.textContent).toContain('Ativo');
    expect(second.textContent).toContain('N/A');
    expect(second.textContent).toContain('Inativo');
    const stats = screen.getByRole('list', { name: 'Estatísticas de produtos' });
    expect(within(stats).getByText('Total de Produtos').nextSibling?.textContent).toBe('2');
    expect(within(stats).getByText('Estoque Baixo').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('Página 1 de 1')).toBeTruthy();
  });

  it('given the list on its way, then "Carregando produtos..."; given none, then the empty text', async () => {
    const answer = deferredResponse();
    await openProducts({
      handler: (url) => (url.pathname === '/api/admin/products' ? answer.promise : undefined),
    });
    expect(screen.getByText('Carregando produtos...')).toBeTruthy();

    answer.release(json({ products: [], totalPages: 0, total: 0, page: 1, position: 1 }));
    expect(
      await screen.findByText('Nenhum produto encontrado com os critérios de busca/filtro.'),
    ).toBeTruthy();
  });

  it('given a malformed list, then "Resposta inválida do servidor."; given a server error, then its message', async () => {
    let malformed = true;
    const { user } = await openProducts({
      handler: (url) => {
        if (url.pathname !== '/api/admin/products') return undefined;
        return malformed
          ? json({ items: [] })
          : json({ message: 'Banco indisponível.' }, { status: 503 });
      },
    });
    expect(await screen.findByText('Resposta inválida do servidor.')).toBeTruthy();
    expect(screen.getByText('Página 1 de 1')).toBeTruthy();

    malformed = false;
    await user.selectOptions(screen.getByLabelText('Categoria'), 'Doces Finos');
    expect(await screen.findByText('Banco indisponível.')).toBeTruthy();
  });

  it('given page 2, when the category or the search changes, then the list is asked for page 1 again (search after 500 ms, category omitted for Todas)', async () => {
    const { user, server } = await openProducts({ products: products(15) });
    await screen.findByText('Página 1 de 2', {}, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 2');
    await screen.findByText('Produto 11');
    await user.selectOptions(screen.getByLabelText('Categoria'), 'Salgados Fritos');
    await screen.findByText('Página 1 de 2');

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 2');
    await user.type(screen.getByLabelText('Buscar produtos'), 'Produto 1');
    // 'Página 1 de 1' also shows for a moment while page 1 loads, before the search is sent:
    // wait for the debounced search itself.
    await waitFor(
      () =>
        expect(server.queries('/api/admin/products')).toContain(
          '?page=1&limit=10&search=Produto+1&category=Salgados+Fritos&isDeleted=false',
        ),
      { timeout: 2_000 },
    );
    await screen.findByText('Página 1 de 1');

    expect(server.queries('/api/admin/products')).toEqual([
      '?page=1&limit=10&isDeleted=false',
      '?page=2&limit=10&isDeleted=false',
      '?page=1&limit=10&category=Salgados+Fritos&isDeleted=false',
      '?page=2&limit=10&category=Salgados+Fritos&isDeleted=false',
      '?page=1&limit=10&search=Produto+1&category=Salgados+Fritos&isDeleted=false',
    ]);
  });

  it('given the product modal, then it marks the body modal-open and closes on Escape, on a click outside and on ×', async () => {
    const { user } = await openProducts();

    await user.click(screen.getByRole('button', { name: 'Novo Produto' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar Novo Produto' });
    expect(document.body.classList.contains('modal-open')).toBe(true);
    expect(within(dialog).getByLabelText('Preço (R$)')).toHaveProperty('value', '0,00');
    expect(within(dialog).getByLabelText('Estoque')).toHaveProperty('value', '0');
    expect(within(dialog).getByLabelText('Ativo')).toHaveProperty('checked', true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('modal-open')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Novo Produto' }));
    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Novo Produto' }));
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given a new product saved, then "Salvando..." meanwhile, the success notification and the list asked again after the write', async () => {
    const release = deferredResponse();
    let holding = true;
    const { user, server } = await openProducts({
      products: products(1),
      handler: async (url, request) => {
        if (url.pathname === '/api/admin/products' && request.method === 'POST' && holding) {
          holding = false;
          await release.promise;
        }
        return undefined;
      },
    });
    await screen.findByText('Produto 1', {}, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Novo Produto' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nome'), 'Quindim');
    await user.clear(within(dialog).getByLabelText('Preço (R$)'));
    await user.type(within(dialog).getByLabelText('Preço (R$)'), '0.8');
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Doces Finos');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(within(dialog).getByRole('button', { name: 'Salvando...' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByLabelText('Nome').matches(':disabled')).toBe(true);
    release.release(json({}));

    expect(await screen.findByText('Produto adicionado com sucesso!')).toBeTruthy();
    expect(await screen.findByText('Quindim')).toBeTruthy();
    const [post] = server.calls('/api/admin/products', 'POST');
    expect(await post?.clone().json()).toEqual({
      name: 'Quindim',
      price: 0.8,
      category: 'Doces Finos',
      stock: 0,
      description: '',
      imageUrl: '',
      isActive: true,
    });
    const refetch = server.requests.filter(
      (request) =>
        request.method === 'GET' && new URL(request.url).pathname === '/api/admin/products',
    );
    expect(refetch.at(-1)?.headers.get('X-Min-Position')).toBe('101');
  });

  it('given a price typed the Brazilian way (issue 38), then the amount to be saved shows under it and exactly that is sent; an ambiguous one is refused beside the field and nothing is sent', async () => {
    const { user, server } = await openProducts({
      products: [productDto({ name: 'Produto 1', price: 1.2, category: 'Doces Finos' })],
    });
    await screen.findByText('Produto 1', {}, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Editar Produto 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Produto' });
    const price = within(dialog).getByLabelText('Preço (R$)');
    expect(price).toHaveProperty('value', '1,20');
    expect(price.getAttribute('inputmode')).toBe('decimal');

    await user.clear(price);
    await user.type(price, '1.234');
    expect(dialog.textContent).toContain(
      'Valor ambíguo: use a vírgula para os centavos (1,20) e o ponto só para os milhares (1.234,56).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      server.calls('/api/admin/products/5f0c2a7e-1111-4aaa-8bbb-000000000001', 'PUT'),
    ).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '35,50');
    expect(dialog.textContent).toContain('Será salvo: R$ 35,50');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(
        server.calls('/api/admin/products/5f0c2a7e-1111-4aaa-8bbb-000000000001', 'PUT'),
      ).toHaveLength(1),
    );
    const [put] = server.calls('/api/admin/products/5f0c2a7e-1111-4aaa-8bbb-000000000001', 'PUT');
    expect(await put?.clone().json()).toMatchObject({ price: 35.5 });
  });

  it('given a photo chosen in the product form, then it is sent as it is, the form takes its address and saves it as the imageUrl', async () => {
    const photoPath = `/photos/${'e'.repeat(64)}.webp`;
    const { user, server } = await openProducts({
      products: products(1),
      handler: (url, request) =>
        url.pathname === '/api/admin/products/photos' && request.method === 'POST'
          ? json(
              {
                message: 'Foto enviada com sucesso!',
                imageUrl: photoPath,
                width: 1200,
                height: 800,
                position: 55,
              },
              { status: 201 },
            )
          : undefined,
    });
    await screen.findByText('Produto 1', {}, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Editar Produto 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Produto' });
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'coxinha.png', {
      type: 'image/png',
    });

    await user.upload(within(dialog).getByLabelText('Foto do produto'), photo);

    expect(await within(dialog).findByText('Foto enviada com sucesso!')).toBeTruthy();
    expect(within(dialog).getByLabelText('URL da Imagem')).toHaveProperty('value', photoPath);
    const [sent] = server.calls('/api/admin/products/photos', 'POST');
    expect(sent?.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await (sent?.clone().arrayBuffer() ?? new ArrayBuffer(0)))).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Doces Finos');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const productPath = `/api/admin/products/${products(1)[0]?._id ?? ''}`;
    await waitFor(() => expect(server.calls(productPath, 'PUT')).toHaveLength(1));
    const [put] = server.calls(productPath, 'PUT');
    expect(await put?.clone().json()).toMatchObject({ imageUrl: photoPath });
  });

  it('given a photo over 8 MB, then its pt-BR message under the field and nothing sent', async () => {
    const { user, server } = await openProducts({ products: products(1) });
    await screen.findByText('Produto 1', {}, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Editar Produto 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Produto' });
    const huge = new File([new Uint8Array(8)], 'enorme.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 9 * 1024 * 1024 });

    await user.upload(within(dialog).getByLabelText('Foto do produto'), huge);

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A foto deve ter no máximo 8 MB.',
    );
    expect(server.calls('/api/admin/products/photos', 'POST')).toHaveLength(0);
  });

  it('given a product being saved, when the admin presses Escape, clicks outside or ×, then the modal stays until the answer, and a failure shows its message there', async () => {
    const release = deferredResponse();
    const { user } = await openProducts({
      products: products(1),
      handler: async (url, request) => {
        if (url.pathname.startsWith('/api/admin/products/') && request.method === 'PUT') {
          return release.promise;
        }
        return undefined;
      },
    });
    await screen.findByText('Produto 1', {}, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Editar Produto 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Produto' });
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Doces Finos');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await within(dialog).findByRole('button', { name: 'Salvando...' });

    await user.keyboard('{Escape}');
    const backdrop = dialog.parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await user.click(backdrop);
    const closeIcon = within(dialog).getByRole('button', { name: 'Fechar' });
    expect(closeIcon).toHaveProperty('disabled', true);
    await user.click(closeIcon);
    expect(screen.getByRole('dialog', { name: 'Editar Produto' })).toBe(dialog);

    release.release(json({}, { status: 500 }));
    expect(await within(dialog).findByText('Erro ao salvar produto.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given a delete confirmed, then "Produto excluído com sucesso!"; given a refusal, then the server\'s message as an error notification', async () => {
    let refuse = false;
    const { user } = await openProducts({
      products: products(2),
      handler: (url, request) =>
        refuse && request.method === 'DELETE'
          ? json({ message: 'Produto já excluído.' }, { status: 409 })
          : undefined,
    });
    await screen.findByText('Produto 1', {}, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Excluir Produto 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmação' });
    expect(dialog.textContent).toContain(
      'Tem certeza que deseja excluir este produto? Esta ação é irreversível.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Produto excluído com sucesso!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Produto 1')).toBeNull());

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Excluir Produto 2' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect((await screen.findByText('Produto já excluído.')).getAttribute('role')).toBe('alert');
    expect(table().textContent).toContain('Produto 2');
  });
});
