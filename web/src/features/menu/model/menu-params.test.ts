import { describe, expect, it } from 'vitest';
import { menuHref, readMenuParams } from './menu-params';

describe('readMenuParams', () => {
  it('given busca with spaces and a category, then both are read, busca trimmed', () => {
    expect(
      readMenuParams(new URLSearchParams('busca=%20coxinha%20&categoria=Doces+Finos')),
    ).toEqual({ busca: 'coxinha', categoria: 'Doces Finos' });
  });

  it("given categoria 'Todas' or nothing, then every category", () => {
    expect(readMenuParams(new URLSearchParams('categoria=Todas')).categoria).toBe('');
    expect(readMenuParams(new URLSearchParams('')).categoria).toBe('');
  });
});

describe('menuHref', () => {
  it('given nothing, then /cardapio', () => {
    expect(menuHref({})).toBe('/cardapio');
    expect(menuHref({ busca: '  ', categoria: 'Todas' })).toBe('/cardapio');
  });

  it('given a search and a category, then both in the query string', () => {
    expect(menuHref({ busca: ' pão ', categoria: 'Salgados Assados' })).toBe(
      '/cardapio?busca=p%C3%A3o&categoria=Salgados+Assados',
    );
  });
});
