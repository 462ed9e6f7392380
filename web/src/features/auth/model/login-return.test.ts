import { describe, expect, it } from 'vitest';
import { loginEmailFrom, loginReturnFrom, loginStateFrom } from './login-return';

describe('the way back from /login to a protected page (issue 36)', () => {
  it('given the cart sent the visitor, then why, and the way back to the cart', () => {
    expect(loginReturnFrom(loginStateFrom('/carrinho', ''))).toEqual({
      path: '/carrinho',
      reason: 'Faça login para ver o seu carrinho',
      backLabel: 'Voltar ao carrinho',
    });
  });

  it.each([
    ['/pagamento', '', 'Voltar ao pagamento'],
    ['/perfil', '', 'Voltar ao perfil'],
    ['/preferences', '', 'Voltar às preferências'],
    ['/orders', '?page=2', 'Voltar aos pedidos'],
    ['/my-orders/abc-123', '', 'Voltar ao pedido'],
  ])('given %s%s, then its own label and the address with its query', (pathname, search, label) => {
    const back = loginReturnFrom(loginStateFrom(pathname, search));
    expect(back?.backLabel).toBe(label);
    expect(back?.path).toBe(`${pathname}${search}`);
    expect(back?.reason).toMatch(/^Faça login para /);
  });

  it.each([
    ['no state', null],
    ['a state without from', { email: 'a@b.com' }],
    ['a page anyone may see', { from: '/cardapio' }],
    ['another site', { from: 'https://example.com/carrinho' }],
    ['a protocol-relative address', { from: '//example.com/carrinho' }],
    ['a look-alike path', { from: '/carrinho-falso' }],
    ['a number', { from: 42 }],
  ])('given %s, then no way back is offered', (_case, state) => {
    expect(loginReturnFrom(state)).toBeNull();
  });
});

describe('the e-mail handed from /register to /login (issue 36)', () => {
  it('given the state carries it, then that e-mail; otherwise an empty field', () => {
    expect(loginEmailFrom({ email: 'maria@example.com' })).toBe('maria@example.com');
    expect(loginEmailFrom({ email: 7 })).toBe('');
    expect(loginEmailFrom(undefined)).toBe('');
  });
});
