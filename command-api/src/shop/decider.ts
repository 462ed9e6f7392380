import {
  assertNever,
  changedShopSettingsFields,
  parseEvent,
  SHOP_SETTINGS_FIELDS,
  shopSettingsEventSchemas,
  type ShopSettings,
  type ShopSettingsEvent,
} from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

/** The shop's settings as the last event left them; null before the first start seeded them. */
export type ShopSettingsState = ShopSettings | null;

export type ShopSettingsCommand =
  /** The first start records the settings the shop had before the owner could edit them. */
  | { type: 'SeedShopSettings'; settings: ShopSettings }
  /** An admin saves the whole document (PUT /api/admin/shop). */
  | { type: 'ChangeShopSettings'; settings: ShopSettings };

/**
 * The shop's settings (stream SHOP_SETTINGS_STREAM, issue 37). A seed only
 * starts an empty stream, so every start may ask for it. A change names the
 * fields it changed, for the auditors; saving what is already recorded
 * appends nothing. A change to a stream nothing was ever recorded in sets
 * every field.
 */
export const shopSettingsDecider: Decider<
  ShopSettingsState,
  ShopSettingsCommand,
  ShopSettingsEvent
> = {
  initialState: null,

  evolve(_state, event) {
    switch (event.type) {
      case 'ShopSettingsSeeded':
      case 'ShopSettingsChanged':
        return event.data.settings;
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SeedShopSettings':
        return state === null
          ? [{ type: 'ShopSettingsSeeded', data: { settings: command.settings } }]
          : [];
      case 'ChangeShopSettings': {
        const changedFields =
          state === null
            ? [...SHOP_SETTINGS_FIELDS]
            : changedShopSettingsFields(state, command.settings);
        if (changedFields.length === 0) return [];
        return [
          { type: 'ShopSettingsChanged', data: { settings: command.settings, changedFields } },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

export function parseShopSettingsEvent(recorded: RecordedEvent): ShopSettingsEvent | null {
  return parseEvent(shopSettingsEventSchemas, recorded);
}
