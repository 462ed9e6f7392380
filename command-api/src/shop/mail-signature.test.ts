import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '@quitute/contracts';
import { mailSignature } from './mail-signature';

describe('mailSignature', () => {
  it('given the seeded settings, then the shop’s name, its WhatsApp and e-mail, and its address, as people read them', () => {
    expect(mailSignature(DEFAULT_SHOP_SETTINGS).text).toBe(
      [
        'Quitute — Doces e Salgados para Festas',
        'WhatsApp (11) 98765-4321 · contato@quitute.com.br',
        'Rua Cardeal Arcoverde, 1200 — Pinheiros, São Paulo/SP, CEP 05407-002',
      ].join('\n'),
    );
  });

  it('given a phone other than the WhatsApp and a complement, then both are told', () => {
    const text = mailSignature({
      ...DEFAULT_SHOP_SETTINGS,
      phone: '1133334444',
      address: { ...DEFAULT_SHOP_SETTINGS.address, complement: 'loja 2' },
    }).text;
    expect(text).toContain('WhatsApp (11) 98765-4321 · Telefone (11) 3333-4444');
    expect(text).toContain('Rua Cardeal Arcoverde, 1200, loja 2 — Pinheiros');
  });

  it('given a name with markup, then the HTML signature escapes it', () => {
    const { html } = mailSignature({ ...DEFAULT_SHOP_SETTINGS, name: 'Doces <b>&</b> Cia' });
    expect(html).toContain('Doces &#60;b&#62;&#38;&#60;/b&#62; Cia — Doces e Salgados para Festas');
    expect(html).not.toContain('<b>');
  });
});
