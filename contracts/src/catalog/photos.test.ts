import { describe, expect, it } from 'vitest';
import { STATIC_MENU, menuImagePath } from './menu';
import { isImageUrl, productPhotoHashOf, productPhotoPath } from './photos';

const sha = 'a'.repeat(64);

describe('isImageUrl (the admin product form)', () => {
  it.each([
    ['an https URL', 'https://cdn.example.com/fotos/coxinha.jpg'],
    ['an https URL with a query', 'https://cdn.example.com/x.png?w=600'],
    ['an https URL with a port', 'https://fotos.padaria.com.br:8443/x.png'],
    ['an uploaded photo', `/photos/${sha}.webp`],
    ['a menu illustration', '/images/cardapio/coxinha-de-frango.svg'],
  ])('given %s, then it is accepted', (_case, value) => {
    expect(isImageUrl(value)).toBe(true);
  });

  it.each([
    ['plain http', 'http://cdn.example.com/coxinha.jpg'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['an https URL with credentials', 'https://user:secret@cdn.example.com/x.png'],
    ['an https URL with a user name', 'https://user@cdn.example.com/x.png'],
    ['another path of the shop', '/api/admin/users'],
    ['a path that climbs out', '/images/cardapio/../../api/admin/users'],
    ['a photo path with a short hash', '/photos/abc.webp'],
    ['a photo under the static images', `/images/${sha}.webp`],
    ['a protocol-relative URL', '//evil.example/x.png'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:image/png;base64,AAAA'],
    ['no URL at all', 'coxinha.jpg'],
    ['the cloud metadata address over https', 'https://169.254.169.254/latest/meta-data/'],
    ['the shop itself by its loopback address', 'https://127.0.0.1:8080/api/admin/users'],
    ['a loopback address in another notation', 'https://0x7f.1/x.png'],
    ['an IPv6 loopback', 'https://[::1]/x.png'],
    ['a LAN address', 'https://192.168.0.1/reboot'],
    ['localhost', 'https://localhost/x.png'],
    ['a host without a dot (a LAN name)', 'https://roteador/x.png'],
    ['a .local name', 'https://impressora.local/x.png'],
  ])('given %s, then it is refused', (_case, value) => {
    expect(isImageUrl(value)).toBe(false);
  });

  it("given every seeded menu item's illustration, then each is still accepted", () => {
    for (const item of STATIC_MENU) expect(isImageUrl(menuImagePath(item.slug))).toBe(true);
  });
});

describe('productPhotoPath / productPhotoHashOf', () => {
  it('given a hash, then its path, and the path gives the hash back', () => {
    expect(productPhotoPath(sha)).toBe(`/photos/${sha}.webp`);
    expect(productPhotoHashOf(productPhotoPath(sha))).toBe(sha);
  });

  it('given a path that is not a photo, then null', () => {
    expect(productPhotoHashOf('/images/cardapio/coxinha.svg')).toBeNull();
    expect(productPhotoHashOf(`/photos/${sha}.webp.png`)).toBeNull();
  });
});
