import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch, stubShopApi } from '../../../testing/fetch-stub';
import { menuProducts, product, searchMenu } from '../../../testing/products';
import { renderWithProviders } from '../../../testing/render';
import { kitchenSchedule } from '../../../testing/schedule';
import { MenuPage } from './menu-page';

function renderMenu(route = '/cardapio') {
  const onAddToCart = vi.fn();
  const rendered = renderWithProviders(<MenuPage onAddToCart={onAddToCart} />, { route });
  return { ...rendered, onAddToCart };
}

/** The <article> of the item whose <h3> is `name`. */
async function findCard(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const article = heading.closest('article');
  if (!article) throw new Error(`${name} is not inside an <article>`);
  return article;
}

/** The lead-time notice opens 200 ms after the page and takes focus: close it as a customer would. */
async function dismissLeadTimeNotice(user: ReturnType<typeof renderMenu>['user']) {
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
}

/** The first GET /api/products (the lead-time notice asks for the calendar beside it). */
const productsRequest = (requests: Request[]) =>
  requests.find((request) => new URL(request.url).pathname === '/api/products');

const sectionHeadings = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .filter((heading) => heading.closest('section[aria-labelledby]'))
    .map((heading) => heading.textContent);

describe('MenuPage', () => {
  it('given the 24-item menu, when it loads, then one labelled section per category with its count', async () => {
    stubShopApi(menuProducts);
    renderMenu();

    await screen.findByRole('heading', { name: 'Salgados Fritos (7)' });
    expect(sectionHeadings()).toEqual([
      'Salgados Fritos (7)',
      'Salgados Assados (5)',
      'Doces Tradicionais (5)',
      'Doces Finos (4)',
      'Kits Festa (3)',
    ]);
    const section = screen.getByRole('region', { name: 'Salgados Fritos (7)' });
    expect(within(section).getAllByRole('article')).toHaveLength(7);
    expect(screen.getAllByRole('article')).toHaveLength(24);
  });

  it('given inactive and deleted products from the server, then they are not shown and empty sections are hidden', async () => {
    stubShopApi([
      product({ _id: '1', name: 'Coxinha de Frango' }),
      product({ _id: '2', name: 'Kibe', isActive: false }),
      product({ _id: '3', name: 'Bombom', category: 'Doces Finos', isDeleted: true }),
    ]);
    renderMenu();

    await screen.findByRole('heading', { name: 'Salgados Fritos (1)' });
    expect(sectionHeadings()).toEqual(['Salgados Fritos (1)']);
    expect(screen.queryByText('Kibe')).toBeNull();
    expect(screen.queryByText('Bombom')).toBeNull();
  });

  it('given a regular item and a kit, then prices read R$ x/un for the item and no /un for the kit, and the kit lists its contents', async () => {
    stubShopApi(menuProducts);
    renderMenu();

    const pao = await findCard('Pão de Queijo');
    const kit = await findCard('Kit Festa 1');
    expect(pao.textContent).toContain('R$ 1,00/un');
    expect(kit.textContent).toContain('R$ 145,00');
    expect(kit.textContent).not.toContain('/un');
    expect(
      within(kit)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['50 doces', '50 salgados', '1 bolo de 15 fatias']);
  });

  it('given an item with a description, an empty one and an image path, then the description or its fallback and a lazy sized image', async () => {
    stubShopApi([
      product({ _id: '1', name: 'Coxinha de Frango', description: 'Crocante.' }),
      product({ _id: '2', name: 'Kibe', description: '' }),
    ]);
    renderMenu();

    const coxinha = await findCard('Coxinha de Frango');
    const kibe = await findCard('Kibe');
    expect(within(coxinha).getByText('Crocante.')).toBeTruthy();
    expect(within(kibe).getByText('Sem descrição disponível')).toBeTruthy();

    const image = within(coxinha).getByRole('img', { name: 'Coxinha de Frango' });
    expect(image.getAttribute('src')).toBe(
      `${window.location.origin}/images/cardapio/coxinha-de-frango.svg`,
    );
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('160');
    expect(image.getAttribute('height')).toBe('120');
  });

  it("given a product without an image, then 'Sem Imagem'; given an image that fails to load, then 'Sem Imagem' too", async () => {
    stubShopApi([
      product({ _id: '1', name: 'Sem foto', imageUrl: null }),
      product({ _id: '2', name: 'Foto quebrada', imageUrl: 'https://cdn.example/quebrada.png' }),
    ]);
    renderMenu();

    const semFoto = await findCard('Sem foto');
    const quebrada = await findCard('Foto quebrada');
    expect(within(semFoto).getByText('Sem Imagem')).toBeTruthy();
    expect(within(quebrada).queryByText('Sem Imagem')).toBeNull();

    fireEvent.error(within(quebrada).getByRole('img', { name: 'Foto quebrada' }));

    expect(within(quebrada).getByText('Sem Imagem')).toBeTruthy();
    expect(within(quebrada).queryByRole('img', { name: 'Foto quebrada' })).toBeNull();
  });

  it('given a search in the URL, then the API gets it trimmed, the page says whose results these are, and Limpar Busca returns to the full menu', async () => {
    const requests = stubFetch((url) => json(searchMenu(url.searchParams.get('busca') ?? '')));
    const { router } = renderMenu('/cardapio?busca=%20coxinha%20');

    await screen.findByRole('heading', { name: 'Coxinha de Frango' });
    expect(screen.getByText('Resultados da busca para')).toBeTruthy();
    expect(screen.getByText('“coxinha”')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const url = new URL(productsRequest(requests)?.url ?? '');
    expect(url.pathname).toBe('/api/products');
    expect(url.searchParams.get('busca')).toBe('coxinha');
    expect(url.searchParams.has('category')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Limpar Busca' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/cardapio');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(screen.queryByText('Resultados da busca para')).toBeNull();
  });

  it('given a category in the URL, then it is sent as category', async () => {
    const requests = stubShopApi([]);
    renderMenu('/cardapio?categoria=Doces%20Finos');
    await screen.findByText('Nenhum item encontrado');
    expect(new URL(productsRequest(requests)?.url ?? '').searchParams.get('category')).toBe(
      'Doces Finos',
    );
  });

  it("given categoria 'Todas', then no category is sent", async () => {
    const requests = stubShopApi([]);
    renderMenu('/cardapio?categoria=Todas');
    await screen.findByText('Nenhum item encontrado');
    expect(new URL(requests[0]?.url ?? '').searchParams.has('category')).toBe(false);
  });

  it("given a search with no match, then 'Nenhum item encontrado'", async () => {
    stubShopApi([]);
    renderMenu('/cardapio?busca=lasanha');

    expect(await screen.findByText('Nenhum item encontrado')).toBeTruthy();
    expect(screen.getByText('Resultados da busca para')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('given the server answers with a message, then the error shows it', async () => {
    stubFetch(() => json({ message: 'Parâmetros de busca inválidos.' }, { status: 400 }));
    renderMenu();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Erro ao carregar cardápio: Parâmetros de busca inválidos.',
    );
  });

  it('given the server fails without a message, then the generic error text', async () => {
    stubFetch(() => new Response('<html>erro</html>', { status: 404 }));
    renderMenu();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Erro ao carregar cardápio: Falha ao carregar cardápio. Tente novamente mais tarde.',
    );
  });

  it('given the menu is loading, then a loading state', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderMenu();
    expect((await screen.findByRole('status')).textContent).toContain('Carregando cardápio...');
  });

  it('given a regular item, when the customer types 30 and adds, then it asks the cart for 30; an emptied field asks for 0', async () => {
    stubShopApi([product({ _id: '1', name: 'Coxinha de Frango' })]);
    const { onAddToCart, user } = renderMenu();
    await dismissLeadTimeNotice(user);

    const quantity = await screen.findByRole('spinbutton', {
      name: 'Quantidade de Coxinha de Frango',
    });
    expect(quantity).toHaveProperty('value', '20');
    expect(quantity.getAttribute('min')).toBe('1');
    await user.clear(quantity);
    await user.type(quantity, '30');
    await user.click(screen.getByRole('button', { name: 'Adicionar ao Carrinho' }));
    expect(onAddToCart).toHaveBeenLastCalledWith(expect.objectContaining({ _id: '1' }), 30);

    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Adicionar ao Carrinho' }));
    expect(onAddToCart).toHaveBeenLastCalledWith(expect.objectContaining({ _id: '1' }), 0);
  });

  it("given a sold-out product (issue 38), then 'Esgotado' on its card and it cannot be added; another product still can", async () => {
    stubShopApi([
      product({ _id: '1', name: 'Coxinha de Frango', soldOut: true }),
      product({ _id: '2', name: 'Kibe' }),
    ]);
    const { onAddToCart, user } = renderMenu();
    await dismissLeadTimeNotice(user);

    const card = await findCard('Coxinha de Frango');
    const button = within(card).getByRole('button', { name: 'Coxinha de Frango: Esgotado' });
    expect(button.textContent).toBe('Esgotado');
    expect(button).toHaveProperty('disabled', true);
    expect(within(card).getByRole('spinbutton')).toHaveProperty('disabled', true);
    await user.click(button);
    expect(onAddToCart).not.toHaveBeenCalled();

    const other = await findCard('Kibe');
    expect(other.textContent).not.toContain('Esgotado');
    await user.click(within(other).getByRole('button', { name: 'Adicionar ao Carrinho' }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ _id: '2' }), 20);
  });

  it('given a kit, then its quantity is 1', async () => {
    stubShopApi([product({ _id: 'kit', name: 'Kit Festa 1', category: 'Kits Festa', price: 145 })]);
    const { onAddToCart, user } = renderMenu();
    await dismissLeadTimeNotice(user);

    const quantity = await screen.findByRole('spinbutton', { name: 'Quantidade de Kit Festa 1' });
    expect(quantity).toHaveProperty('value', '1');
    await user.click(screen.getByRole('button', { name: 'Adicionar ao Carrinho' }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ _id: 'kit' }), 1);
  });

  it("given the kitchen's calendar asks three days ahead (issue 40), then the lead-time dialog says so", async () => {
    stubShopApi(menuProducts, kitchenSchedule({ leadDays: 3 }));
    renderMenu();

    const dialog = await screen.findByRole('dialog', { name: 'Prazos para Pedidos' });
    await waitFor(() => expect(dialog.textContent).toContain('pelo menos 3 dias de antecedência'));
  });

  it('given the menu page opens, then after a moment the lead-time dialog shows, labelled, with focus on Entendi, and Entendi closes it', async () => {
    stubShopApi(menuProducts);
    const { user } = renderMenu();

    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('heading').textContent).toBe('Prazos para Pedidos');
    expect(screen.getByRole('dialog', { name: 'Prazos para Pedidos' })).toBe(dialog);
    expect(dialog.textContent).toContain('pelo menos 2 dias de antecedência');
    expect(dialog.textContent).toContain('3 a 5 dias de antecedência');
    const close = within(dialog).getByRole('button', { name: 'Entendi' });
    expect(document.activeElement).toBe(close);

    await user.tab();
    expect(document.activeElement).toBe(close);

    await user.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given the lead-time dialog is open, when Escape is pressed, then it closes', async () => {
    stubShopApi(menuProducts);
    const { user } = renderMenu();
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
