import { formatBRL } from '../shared/money';

/** Texts of the shop's settings and delivery zones (issue 37), in pt-BR; an address's are the checkout's (checkoutMessages). */
export const shopMessages = {
  nameRequired: 'Informe o nome da loja.',
  nameTooLong: 'O nome da loja deve ter no máximo 100 caracteres.',
  whatsappInvalid: 'WhatsApp inválido: informe DDD e número, com 10 ou 11 dígitos.',
  phoneInvalid: 'Telefone inválido: informe DDD e número, com 10 ou 11 dígitos.',
  complementTooLong: 'O complemento deve ter no máximo 100 caracteres.',
  latitudeInvalid: 'Latitude inválida (entre -34 e 6, no Brasil).',
  longitudeInvalid: 'Longitude inválida (entre -74 e -28, no Brasil).',
  instagramInvalid:
    'Link do Instagram inválido: use https://www.instagram.com/… ou deixe em branco.',
  facebookInvalid: 'Link do Facebook inválido: use https://www.facebook.com/… ou deixe em branco.',
  zoneNameRequired: 'Informe o nome da zona de entrega.',
  zoneNameTooLong: 'O nome da zona deve ter no máximo 60 caracteres.',
  zoneFromInvalid: 'CEP inicial inválido',
  zoneToInvalid: 'CEP final inválido',
  zoneRangeReversed: 'O CEP inicial deve ser menor ou igual ao CEP final.',
  zoneFeeInvalid: 'Taxa de entrega inválida: de R$ 0,00 a R$ 1.000,00, em centavos.',
  zoneMinimumInvalid: 'Pedido mínimo inválido: de R$ 0,00 a R$ 100.000,00, em centavos.',
  tooManyZones: 'No máximo 50 zonas de entrega.',
  saved: 'Configurações salvas com sucesso!',
  /** A delivery to a CEP outside every zone (pickup stays possible). */
  outsideZones:
    'Ainda não entregamos neste CEP. Escolha Retirada no Local ou fale conosco pelo WhatsApp.',
} as const;

/** 'As zonas "Centro" e "Zona Sul" têm CEPs em comum.' */
export function zonesOverlapMessage(first: string, second: string): string {
  return `As zonas "${first}" e "${second}" têm CEPs em comum.`;
}

/** A delivery whose items are below its zone's minimum: 'O pedido mínimo para entrega em Centro é de R$ 100,00.' */
export function belowMinimumOrderMessage(zone: string, minimumOrderCents: number): string {
  return `O pedido mínimo para entrega em ${zone} é de ${formatBRL(minimumOrderCents / 100)}.`;
}
