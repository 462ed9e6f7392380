import { formatCep } from '@quitute/contracts';

/** An address as the shop's settings, an order and the checkout hold it. */
export interface AddressParts {
  streetName: string;
  streetNumber: string;
  complement?: string | undefined;
  neighborhood: string;
  city: string;
  federalUnit: string;
  zipCode: string;
}

/**
 * An address on one line: 'Rua Cardeal Arcoverde, 1200, Loja 2 – Pinheiros,
 * São Paulo – SP', with ', CEP 05407-002' when asked (the profile's one-line
 * address, which nobody can look the CEP up from otherwise).
 */
export function addressLine(
  address: AddressParts,
  { withZipCode = false }: { withZipCode?: boolean } = {},
): string {
  const street = [address.streetName, address.streetNumber, address.complement ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  const line = `${street} – ${address.neighborhood.trim()}, ${address.city.trim()} – ${address.federalUnit.trim()}`;
  return withZipCode ? `${line}, CEP ${formatCep(address.zipCode)}` : line;
}
