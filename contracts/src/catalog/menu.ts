import type { Category } from './constants';

/**
 * The static menu (spec §3, §9): 24 items in five categories. It is appended
 * to the event store as ProductAdded events on first start; `slug` names the
 * item for ever (product ids and illustrations derive from it).
 */
export interface MenuItem {
  slug: string;
  name: string;
  priceCents: number;
  category: Category;
  description: string;
  itens: string[];
}

const fried = (slug: string, name: string, description: string): MenuItem => ({
  slug,
  name,
  priceCents: 60,
  category: 'Salgados Fritos',
  description,
  itens: [],
});
const baked = (slug: string, name: string, description: string, priceCents = 60): MenuItem => ({
  slug,
  name,
  priceCents,
  category: 'Salgados Assados',
  description,
  itens: [],
});
const traditional = (slug: string, name: string, description: string): MenuItem => ({
  slug,
  name,
  priceCents: 70,
  category: 'Doces Tradicionais',
  description,
  itens: [],
});
const fine = (slug: string, name: string, description: string): MenuItem => ({
  slug,
  name,
  priceCents: 80,
  category: 'Doces Finos',
  description,
  itens: [],
});
const kit = (
  slug: string,
  name: string,
  priceCents: number,
  description: string,
  itens: string[],
): MenuItem => ({ slug, name, priceCents, category: 'Kits Festa', description, itens });

export const STATIC_MENU: readonly MenuItem[] = [
  fried(
    'coxinha-de-frango',
    'Coxinha de Frango',
    'Massa macia recheada com frango desfiado e temperado, empanada e frita na hora.',
  ),
  fried(
    'bolinha-de-queijo',
    'Bolinha de Queijo',
    'Crocante por fora, com muçarela derretida por dentro.',
  ),
  fried('kibe', 'Kibe', 'Trigo para quibe com carne moída, hortelã e especiarias.'),
  fried(
    'risole-de-presunto-e-queijo',
    'Risole de Presunto e Queijo',
    'Massa leve em meia-lua com presunto e queijo, empanada na farinha de rosca.',
  ),
  fried(
    'enroladinho-de-salsicha',
    'Enroladinho de Salsicha',
    'Salsicha envolta em massa dourada e crocante.',
  ),
  fried('croquete-de-carne', 'Croquete de Carne', 'Carne bovina bem temperada e empanada.'),
  fried('pastel-de-queijo', 'Pastel de Queijo', 'Pastelzinho de massa fina recheado com queijo.'),
  baked(
    'pao-de-queijo',
    'Pão de Queijo',
    'Receita mineira com polvilho e queijo meia-cura, assado na hora.',
    100,
  ),
  baked('esfiha-de-carne', 'Esfiha de Carne', 'Massa fofinha com carne temperada e limão.'),
  baked(
    'empada-de-frango',
    'Empada de Frango',
    'Massa que desmancha na boca com recheio cremoso de frango.',
  ),
  baked(
    'folhado-de-palmito',
    'Folhado de Palmito',
    'Massa folhada amanteigada recheada com palmito.',
  ),
  baked('mini-pizza', 'Mini Pizza', 'Molho de tomate, muçarela e orégano sobre massa de pizza.'),
  traditional('brigadeiro', 'Brigadeiro', 'O clássico de chocolate coberto com granulado.'),
  traditional('beijinho', 'Beijinho', 'Leite condensado com coco, finalizado com um cravo.'),
  traditional('cajuzinho', 'Cajuzinho', 'Amendoim e chocolate modelados em forma de caju.'),
  traditional('bicho-de-pe', 'Bicho de Pé', 'Docinho de morango envolto em açúcar cristal.'),
  traditional('casadinho', 'Casadinho', 'Brigadeiro preto e branco juntos no mesmo docinho.'),
  fine('camafeu-de-nozes', 'Camafeu de Nozes', 'Massa de nozes coberta com fondant e meia noz.'),
  fine('trufa-de-maracuja', 'Trufa de Maracujá', 'Chocolate meio amargo com ganache de maracujá.'),
  fine(
    'brigadeiro-de-pistache',
    'Brigadeiro de Pistache',
    'Brigadeiro gourmet feito com pistache.',
  ),
  fine('bombom-de-uva', 'Bombom de Uva', 'Uva verde envolta em brigadeiro branco e chocolate.'),
  kit('kit-festa-1', 'Kit Festa 1', 14_500, 'Para festas de até 15 pessoas.', [
    '50 doces',
    '50 salgados',
    '1 bolo de 15 fatias',
  ]),
  kit('kit-festa-2', 'Kit Festa 2', 26_000, 'Para festas de até 30 pessoas.', [
    '100 doces',
    '100 salgados',
    '1 bolo de 30 fatias',
  ]),
  kit('kit-festa-3', 'Kit Festa 3', 42_000, 'Para as grandes comemorações.', [
    '100 doces',
    '200 salgados',
    '1 bolo de dois andares',
  ]),
];

/** Where the web app ships each item's illustration. */
export function menuImagePath(slug: string): string {
  return `/images/cardapio/${slug}.svg`;
}
