import { z } from 'zod';
import { EMAIL_MAX_LENGTH, normalizeEmail } from '../accounts/constants';
import { checkoutMessages } from '../ordering/messages';
import { cepMatchesState } from '../shared/cep-states';
import { centsToReais } from '../shared/money';
import { brazilianPhoneField } from '../shared/phone-field';
import { textField } from '../shared/text';
import {
  MAX_DELIVERY_FEE_CENTS,
  MAX_DELIVERY_ZONES,
  MAX_MINIMUM_ORDER_CENTS,
  SHOP_NAME_MAX_LENGTH,
  ZONE_NAME_MAX_LENGTH,
} from './constants';
import { overlappingZones } from './delivery';
import { shopSettingsSchema, type ShopSettings } from './events';
import { shopMessages as m, zonesOverlapMessage } from './messages';
import { DEFAULT_DAILY_SUMMARY_TIME } from '../notifications/constants';
import { notificationMessages } from '../notifications/messages';

/**
 * HTTP shapes of the shop's settings (issue 37): GET /api/shop (public),
 * GET and PUT /api/admin/shop (the whole document), GET /api/delivery/quote.
 * Field names are fixed for other clients; money crosses HTTP in reais.
 */

/**
 * The shop's e-mail goes into every visitor's `mailto:` link: only the plain
 * characters of an address, never '?', '%', '&' or brackets that would add a
 * subject, a copy or another host to that link.
 */
const SHOP_EMAIL_PATTERN = /^[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

const requiredText = (message: string, max: number, tooLong = message) =>
  textField({ required: message }).trim().min(1, message).max(max, tooLong);

const cepDigits = (message: string) =>
  textField({ required: message })
    .max(20, message)
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, message));

/** Reais with at most two decimals, from 0 to `maxCents`, as integer centavos. */
const moneyField = (message: string, maxCents: number) =>
  z
    .number(message)
    .finite(message)
    .min(0, message)
    .max(centsToReais(maxCents), message)
    .refine((reais) => Math.abs(reais * 100 - Math.round(reais * 100)) < 1e-6, message)
    .transform((reais) => Math.round(reais * 100));

/** '' (no link) or an https link on one of the network's own hosts. */
const socialLink = (hosts: readonly string[], message: string) =>
  textField({ required: message })
    .trim()
    .max(200, message)
    .refine((value) => value === '' || isLinkOn(value, hosts), message);

function isLinkOn(value: string, hosts: readonly string[]): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    hosts.includes(url.hostname)
  );
}

const deliveryZoneBodySchema = z
  .strictObject({
    name: requiredText(m.zoneNameRequired, ZONE_NAME_MAX_LENGTH, m.zoneNameTooLong),
    zipCodeFrom: cepDigits(m.zoneFromInvalid),
    zipCodeTo: cepDigits(m.zoneToInvalid),
    fee: moneyField(m.zoneFeeInvalid, MAX_DELIVERY_FEE_CENTS),
    /** Optional: absent or 0 is no minimum. */
    minimumOrder: moneyField(m.zoneMinimumInvalid, MAX_MINIMUM_ORDER_CENTS).optional(),
  })
  .refine((zone) => zone.zipCodeFrom <= zone.zipCodeTo, {
    message: m.zoneRangeReversed,
    path: ['zipCodeTo'],
  })
  .transform((zone) => ({
    name: zone.name,
    zipCodeFrom: zone.zipCodeFrom,
    zipCodeTo: zone.zipCodeTo,
    feeCents: zone.fee,
    minimumOrderCents: zone.minimumOrder ?? 0,
  }));

/** PUT /api/admin/shop: the whole document, each field with its pt-BR message; parsed into the event's shape. */
export const shopSettingsBodySchema = z.strictObject({
  name: requiredText(m.nameRequired, SHOP_NAME_MAX_LENGTH, m.nameTooLong),
  whatsapp: brazilianPhoneField(m.whatsappInvalid),
  phone: brazilianPhoneField(m.phoneInvalid),
  email: textField({ required: checkoutMessages.invalidEmail })
    .transform(normalizeEmail)
    .pipe(
      z
        .string()
        .max(EMAIL_MAX_LENGTH, checkoutMessages.invalidEmail)
        .regex(SHOP_EMAIL_PATTERN, checkoutMessages.invalidEmail),
    ),
  address: z
    .strictObject(
      {
        zipCode: cepDigits(checkoutMessages.invalidCep),
        streetName: requiredText(checkoutMessages.streetRequired, 200),
        streetNumber: requiredText(checkoutMessages.numberRequired, 20),
        complement: textField()
          .trim()
          .max(100, m.complementTooLong)
          .optional()
          .transform((value) => value ?? ''),
        neighborhood: requiredText(checkoutMessages.neighborhoodRequired, 100),
        city: requiredText(checkoutMessages.cityRequired, 100),
        federalUnit: textField({ required: checkoutMessages.federalUnitRequired })
          .trim()
          .toUpperCase()
          .pipe(z.string().regex(/^[A-Z]{2}$/, checkoutMessages.federalUnitRequired)),
      },
      checkoutMessages.invalidCep,
    )
    .refine((address) => cepMatchesState(address.zipCode, address.federalUnit), {
      message: checkoutMessages.cepStateMismatch,
      path: ['federalUnit'],
    }),
  location: z.strictObject(
    {
      latitude: z
        .number(m.latitudeInvalid)
        .finite(m.latitudeInvalid)
        .min(-34, m.latitudeInvalid)
        .max(6, m.latitudeInvalid),
      longitude: z
        .number(m.longitudeInvalid)
        .finite(m.longitudeInvalid)
        .min(-74, m.longitudeInvalid)
        .max(-28, m.longitudeInvalid),
    },
    m.latitudeInvalid,
  ),
  social: z.strictObject(
    {
      instagram: socialLink(['instagram.com', 'www.instagram.com'], m.instagramInvalid),
      facebook: socialLink(
        ['facebook.com', 'www.facebook.com', 'm.facebook.com'],
        m.facebookInvalid,
      ),
    },
    m.instagramInvalid,
  ),
  deliveryZones: z
    .array(deliveryZoneBodySchema, m.zoneNameRequired)
    .max(MAX_DELIVERY_ZONES, m.tooManyZones)
    .superRefine((zones, context) => {
      const overlap = overlappingZones(zones);
      if (overlap) context.addIssue({ code: 'custom', message: zonesOverlapMessage(...overlap) });
    }),
  /** Issue 41: absent keeps DEFAULT_DAILY_SUMMARY_TIME. */
  dailySummaryTime: textField({ required: notificationMessages.dailySummaryTimeInvalid })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, notificationMessages.dailySummaryTimeInvalid)
    .optional()
    .transform((value) => value ?? DEFAULT_DAILY_SUMMARY_TIME),
}) satisfies z.ZodType<ShopSettings, unknown>;
export type ShopSettingsBodyInput = z.input<typeof shopSettingsBodySchema>;

/** A delivery zone over HTTP: money in reais. */
export const deliveryZoneDtoSchema = z.object({
  name: z.string(),
  zipCodeFrom: z.string(),
  zipCodeTo: z.string(),
  fee: z.number(),
  /** 0 when there is no minimum. */
  minimumOrder: z.number(),
});
export type DeliveryZoneDto = z.infer<typeof deliveryZoneDtoSchema>;

/** The settings' own fields over HTTP: money in reais, without the retired hours. */
const shopSettingsFieldsDtoSchema = shopSettingsSchema
  .omit({ openingHoursText: true, dailySummaryTime: true })
  .extend({ deliveryZones: z.array(deliveryZoneDtoSchema) });

/**
 * GET /api/shop: what every visitor sees (all of it is the shop's public face).
 * Since issue 40 `openingHoursText` is the kitchen calendar's hours in words
 * (scheduleHoursText), which query-api adds.
 */
export const shopSettingsDtoSchema = shopSettingsFieldsDtoSchema.extend({
  openingHoursText: z.string(),
});
export type ShopSettingsDto = z.infer<typeof shopSettingsDtoSchema>;

/**
 * GET and PUT /api/admin/shop: the document, and when and by whom it was last
 * saved. No hours: they are the calendar's (/admin/agenda), so what the admin
 * GETs is what she PUTs back.
 */
export const adminShopSettingsDtoSchema = shopSettingsFieldsDtoSchema.extend({
  /** Issue 41: the daily production summary's hour (`HH:mm`), DEFAULT_DAILY_SUMMARY_TIME when never set. */
  dailySummaryTime: z.string(),
  /** ISO time of the last save (or of the seed). */
  updatedAt: z.string(),
  /** The admin who saved it last; 'system' for the seed. */
  updatedBy: z.string(),
  /** Global position of the last change. */
  position: z.number().int(),
});
export type AdminShopSettingsDto = z.infer<typeof adminShopSettingsDtoSchema>;

/** The settings' public fields over HTTP (money in reais). */
function shopSettingsToFields(settings: ShopSettings): z.infer<typeof shopSettingsFieldsDtoSchema> {
  const { openingHoursText: _retired, dailySummaryTime: _adminOnly, ...fields } = settings;
  return {
    ...fields,
    deliveryZones: fields.deliveryZones.map((zone) => ({
      name: zone.name,
      zipCodeFrom: zone.zipCodeFrom,
      zipCodeTo: zone.zipCodeTo,
      fee: centsToReais(zone.feeCents),
      minimumOrder: centsToReais(zone.minimumOrderCents),
    })),
  };
}

/**
 * The settings as the admin's page reads and saves them (the body of PUT
 * /api/admin/shop): the public fields and the daily summary's hour (issue 41).
 */
export function shopSettingsToAdminFields(settings: ShopSettings) {
  return {
    ...shopSettingsToFields(settings),
    dailySummaryTime: settings.dailySummaryTime ?? DEFAULT_DAILY_SUMMARY_TIME,
  };
}

/** GET /api/shop's answer: the settings with the calendar's hours in words. */
export function shopSettingsToDto(
  settings: ShopSettings,
  openingHoursText: string,
): ShopSettingsDto {
  return { ...shopSettingsToFields(settings), openingHoursText };
}

/** GET /api/delivery/quote?cep=01310100 (or 01310-100). */
export const deliveryQuoteQuerySchema = z.object({
  cep: cepDigits(checkoutMessages.invalidCep),
});

/** Its answer: the zone, fee and minimum order (reais) of a CEP; nulls where no zone delivers. */
export const deliveryQuoteSchema = z.union([
  z.object({
    available: z.literal(true),
    zone: z.string(),
    fee: z.number(),
    /** 0 when there is no minimum. */
    minimumOrder: z.number(),
  }),
  z.object({
    available: z.literal(false),
    zone: z.null(),
    fee: z.null(),
    minimumOrder: z.null(),
    /** Why, in pt-BR (pickup stays possible). */
    message: z.string(),
  }),
]);
export type DeliveryQuote = z.infer<typeof deliveryQuoteSchema>;
