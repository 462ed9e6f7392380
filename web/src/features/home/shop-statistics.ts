export interface Statistic {
  value: string;
  label: string;
}

const averageFormat = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/**
 * The shop in numbers, all read from the public APIs: the menu's products and
 * categories, and the approved reviews' count and average rating (left out
 * while there is none).
 */
export function shopStatistics(
  products: readonly { category: string }[],
  ratings: readonly number[],
): Statistic[] {
  const categories = new Set(products.map((product) => product.category)).size;
  const statistics: Statistic[] = [
    {
      value: String(products.length),
      label: products.length === 1 ? 'delícia no cardápio' : 'delícias no cardápio',
    },
    {
      value: String(categories),
      label:
        categories === 1 ? 'categoria para montar sua festa' : 'categorias para montar sua festa',
    },
  ];
  if (ratings.length > 0) {
    const average = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
    statistics.push(
      { value: `${averageFormat.format(average)} ★`, label: 'nota média dos clientes' },
      {
        value: String(ratings.length),
        label: ratings.length === 1 ? 'avaliação publicada' : 'avaliações publicadas',
      },
    );
  }
  return statistics;
}
