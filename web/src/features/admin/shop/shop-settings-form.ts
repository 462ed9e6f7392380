import {
  centsToReais,
  formatBRL,
  maskCep,
  maskPhone,
  parseMoneyInput,
  shopSettingsBodySchema,
  type AdminShopSettingsDto,
} from '@quitute/contracts';

/**
 * The 'Configurações da Loja' form (issue 37) as typed: every field text, so
 * that what the admin typed stays as she typed it when the server refuses it.
 * It becomes the PUT /api/admin/shop body (contracts' shopSettingsBodySchema)
 * only on save; the schema — on the page and on the server — says what is wrong.
 */
export interface ZoneRow {
  /** Tells rows apart while rows are added and removed (not sent). */
  key: number;
  name: string;
  zipCodeFrom: string;
  zipCodeTo: string;
  /** Reais as typed: '15,00'. */
  fee: string;
  /** Reais as typed; '' for no minimum. */
  minimumOrder: string;
}

export interface ShopSettingsForm {
  name: string;
  whatsapp: string;
  phone: string;
  email: string;
  address: {
    zipCode: string;
    streetName: string;
    streetNumber: string;
    complement: string;
    neighborhood: string;
    city: string;
    federalUnit: string;
  };
  latitude: string;
  longitude: string;
  instagram: string;
  facebook: string;
  zones: ZoneRow[];
  /** Issue 41: when the daily production summary goes to the shop's e-mail, `HH:MM`. */
  dailySummaryTime: string;
}

export type AddressField = keyof ShopSettingsForm['address'];
export type ZoneField = Exclude<keyof ZoneRow, 'key'>;

/** Money as the admin types it, from reais: 15 → '15,00' (pt-BR, without R$). */
export function moneyText(reais: number): string {
  return formatBRL(reais).replace(/^R\$\s?/, '');
}

/** A number in the form's pt-BR writing ('-23,5614', '1.234,56' or '15.5'); null when it is not one. */
export function parseDecimal(text: string): number | null {
  const compact = text.replace(/\s|R\$/g, '');
  const plain = compact.includes(',') ? compact.replace(/\./g, '').replace(',', '.') : compact;
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : null;
}

/**
 * What a number field sends: the number, or the text as typed when it is not
 * one (the schema then answers the field's own message); `blank` for ''.
 */
function numberOrText<T>(text: string, blank: T): number | string | T {
  if (text.trim() === '') return blank;
  return parseDecimal(text) ?? text;
}

/**
 * What a money field sends (issue 38): reais as parseMoneyInput reads the
 * text ('15,50', '1.234,56', '15.5'), or the text as typed when it is not
 * money (the schema then answers the field's own message); `blank` for ''.
 */
function moneyOrText<T>(text: string, blank: T): number | string | T {
  if (text.trim() === '') return blank;
  const parsed = parseMoneyInput(text);
  return parsed.ok ? centsToReais(parsed.cents) : text;
}

let nextRowKey = 1;

export function emptyZone(): ZoneRow {
  return {
    key: nextRowKey++,
    name: '',
    zipCodeFrom: '',
    zipCodeTo: '',
    fee: '',
    minimumOrder: '',
  };
}

/** The form over a saved document: phones and CEPs masked, money in pt-BR. */
export function formOf(settings: AdminShopSettingsDto): ShopSettingsForm {
  return {
    name: settings.name,
    whatsapp: maskPhone(settings.whatsapp),
    phone: maskPhone(settings.phone),
    email: settings.email,
    address: { ...settings.address, zipCode: maskCep(settings.address.zipCode) },
    latitude: String(settings.location.latitude),
    longitude: String(settings.location.longitude),
    instagram: settings.social.instagram,
    facebook: settings.social.facebook,
    zones: settings.deliveryZones.map((zone) => ({
      key: nextRowKey++,
      name: zone.name,
      zipCodeFrom: maskCep(zone.zipCodeFrom),
      zipCodeTo: maskCep(zone.zipCodeTo),
      fee: moneyText(zone.fee),
      minimumOrder: zone.minimumOrder > 0 ? moneyText(zone.minimumOrder) : '',
    })),
    dailySummaryTime: settings.dailySummaryTime,
  };
}

/**
 * The PUT body (the whole document, money in reais): numbers where the
 * admin typed numbers, her text where she did not, a blank minimum left out.
 */
export function bodyOf(form: ShopSettingsForm) {
  return {
    name: form.name,
    whatsapp: form.whatsapp,
    phone: form.phone,
    email: form.email,
    address: form.address,
    location: {
      latitude: numberOrText(form.latitude, ''),
      longitude: numberOrText(form.longitude, ''),
    },
    social: { instagram: form.instagram, facebook: form.facebook },
    deliveryZones: form.zones.map((zone) => {
      const minimumOrder = moneyOrText(zone.minimumOrder, undefined);
      return {
        name: zone.name,
        zipCodeFrom: zone.zipCodeFrom,
        zipCodeTo: zone.zipCodeTo,
        fee: moneyOrText(zone.fee, ''),
        ...(minimumOrder === undefined ? {} : { minimumOrder }),
      };
    }),
    dailySummaryTime: form.dailySummaryTime,
  };
}

export type ShopSettingsDraft = ReturnType<typeof bodyOf>;

/** A field's messages, keyed as the server's 400 `fields` are ('address.zipCode', 'deliveryZones.0.fee'). */
export type FieldErrors = Record<string, string>;

/** The rules' issues for a body (contracts' shopSettingsBodySchema). */
export function bodyIssues(
  body: ShopSettingsDraft,
): readonly { path: readonly PropertyKey[]; message: string }[] {
  const checked = shopSettingsBodySchema.safeParse(body);
  if (checked.success) return [];
  return checked.error.issues;
}

/** The first message of each path among a schema's issues, keyed as the server keys them (infra's parseWith). */
export function issuesToFields(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

const ADDRESS_FIELDS: readonly AddressField[] = [
  'zipCode',
  'streetName',
  'streetNumber',
  'complement',
  'neighborhood',
  'city',
  'federalUnit',
];
const ZONE_FIELDS: readonly ZoneField[] = [
  'name',
  'zipCodeFrom',
  'zipCodeTo',
  'fee',
  'minimumOrder',
];

/**
 * The keys the form shows a message under a field for, in the form's order
 * (the first one gets the focus); 'deliveryZones' (an overlap) is shown above
 * the zones.
 */
export function fieldKeys(zoneCount: number): string[] {
  return [
    'name',
    'whatsapp',
    'phone',
    'email',
    'dailySummaryTime',
    ...ADDRESS_FIELDS.map((field) => `address.${field}`),
    'location.latitude',
    'location.longitude',
    'social.instagram',
    'social.facebook',
    'deliveryZones',
    ...Array.from({ length: zoneCount }, (_, index) =>
      ZONE_FIELDS.map((field) => `deliveryZones.${index}.${field}`),
    ).flat(),
  ];
}

/** The messages no field of the form shows (a whole object refused, an unknown key): shown with the save. */
export function unplacedErrors(errors: FieldErrors, zoneCount: number): string[] {
  const placed = new Set(fieldKeys(zoneCount));
  return Object.entries(errors)
    .filter(([key]) => !placed.has(key))
    .map(([, message]) => message);
}
