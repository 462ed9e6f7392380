import { z } from 'zod';
import { canonicalJson } from '../shared/canonical-json';
import type { EventOf } from '../shared/events';
import { DEFAULT_DAILY_SUMMARY_TIME } from '../notifications/constants';

/**
 * The shop's settings, stream SHOP_SETTINGS_STREAM (issue 37). Each event
 * carries the whole document as it is from then on, so any one of them tells
 * the shop's settings at that moment; its metadata tells the auditors who
 * changed what and when. Phones are digits with the DDD (10 or 11), CEPs 8
 * digits, money integer centavos. Append-only (STYLE rule 3).
 */
const cents = z.number().int().nonnegative();

export const deliveryZoneSchema = z.object({
  name: z.string(),
  /** First and last CEP of the range, both included (8 digits each). */
  zipCodeFrom: z.string(),
  zipCodeTo: z.string(),
  feeCents: cents,
  /** The items' total a delivery here needs; 0 when there is no minimum. */
  minimumOrderCents: cents,
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const shopSettingsSchema = z.object({
  name: z.string(),
  whatsapp: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.object({
    zipCode: z.string(),
    streetName: z.string(),
    streetNumber: z.string(),
    /** '' when there is none. */
    complement: z.string(),
    neighborhood: z.string(),
    city: z.string(),
    federalUnit: z.string(),
  }),
  /** Where the map's marker goes. */
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  /** https links; '' for a network the shop is not on. */
  social: z.object({ instagram: z.string(), facebook: z.string() }),
  /**
   * Retired by issue 40 (the kitchen's calendar tells the hours now): kept,
   * optional, so the events recorded before still parse; new saves and seeds
   * never write it.
   */
  openingHoursText: z.string().optional(),
  /** CEP ranges that never overlap, so a CEP is in one zone at most. */
  deliveryZones: z.array(deliveryZoneSchema),
  /**
   * Issue 41: when the next day's production summary is mailed to the shop's
   * address, `HH:mm` America/Sao_Paulo; absent is DEFAULT_DAILY_SUMMARY_TIME.
   */
  dailySummaryTime: z.string().optional(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** The fields an auditor reads a change by (the document's top-level keys). */
export const SHOP_SETTINGS_FIELDS = [
  'name',
  'whatsapp',
  'phone',
  'email',
  'address',
  'location',
  'social',
  'openingHoursText',
  'deliveryZones',
  'dailySummaryTime',
] as const satisfies readonly (keyof ShopSettings)[];
export type ShopSettingsField = (typeof SHOP_SETTINGS_FIELDS)[number];

/** The first start recorded the values the shop had before the owner could edit them. */
export const shopSettingsSeededSchema = z.object({ settings: shopSettingsSchema });

/** An admin saved the settings: the whole document, and which fields it changed. */
export const shopSettingsChangedSchema = z.object({
  settings: shopSettingsSchema,
  changedFields: z.array(z.enum(SHOP_SETTINGS_FIELDS)).min(1),
});

export const shopSettingsEventSchemas = {
  ShopSettingsSeeded: shopSettingsSeededSchema,
  ShopSettingsChanged: shopSettingsChangedSchema,
} as const;
export type ShopSettingsEvent = EventOf<typeof shopSettingsEventSchemas>;

/**
 * The fields whose values differ between two documents, in SHOP_SETTINGS_FIELDS
 * order. The retired openingHoursText is never listed: a save drops it from a
 * document recorded before issue 40, and that is no change the admin made. An
 * absent dailySummaryTime is its default (issue 41): saving the default over a
 * document recorded before is no change either.
 */
export function changedShopSettingsFields(
  before: ShopSettings,
  after: ShopSettings,
): ShopSettingsField[] {
  const valueOf = (settings: ShopSettings, field: ShopSettingsField) =>
    field === 'dailySummaryTime'
      ? (settings.dailySummaryTime ?? DEFAULT_DAILY_SUMMARY_TIME)
      : settings[field];
  return SHOP_SETTINGS_FIELDS.filter(
    (field) =>
      field !== 'openingHoursText' &&
      canonicalJson(valueOf(before, field)) !== canonicalJson(valueOf(after, field)),
  );
}
