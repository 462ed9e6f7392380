import { describe, expect, it } from 'vitest';
import { compileMjml } from './mjml';

describe('compileMjml', () => {
  it('given valid MJML, then responsive HTML in its language', async () => {
    const html = await compileMjml(
      '<mjml lang="pt-BR"><mj-body><mj-section><mj-column><mj-text>Olá</mj-text></mj-column></mj-section></mj-body></mjml>',
    );
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain('@media only screen and (min-width:480px)');
    expect(html).toContain('Olá');
  });

  it('given MJML that breaks its rules, then it rejects instead of rendering', async () => {
    await expect(
      compileMjml(
        '<mjml><mj-body><mj-section><mj-text>Olá</mj-text></mj-section></mj-body></mjml>',
      ),
    ).rejects.toThrow(/mj-text cannot be used inside mj-section/);
    await expect(
      compileMjml(
        '<mjml><mj-body><mj-section><mj-column><mj-text colour="red">Olá</mj-text></mj-column></mj-section></mj-body></mjml>',
      ),
    ).rejects.toThrow(/colour/);
  });
});
