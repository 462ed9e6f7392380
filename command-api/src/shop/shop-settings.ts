import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SHOP_SETTINGS,
  SHOP_SETTINGS_STREAM,
  SYSTEM_ACTOR,
  type ShopSettings,
} from '@quitute/contracts';
import { WrongExpectedRevisionError, type EventStore } from '@quitute/infra/event-store';
import { retryOnConflict, startingFrom } from '../shared/command-wrappers';
import {
  commandStream,
  handleCommand,
  type CommandContext,
  type CommandResult,
} from '../shared/handle-command';
import { parseShopSettingsEvent, shopSettingsDecider, type ShopSettingsState } from './decider';

/** The settings stream, read whole: an admin saves it a few times a year. */
export function shopSettingsStream(eventStore: EventStore) {
  return commandStream(
    eventStore,
    SHOP_SETTINGS_STREAM,
    shopSettingsDecider,
    parseShopSettingsEvent,
  );
}

/**
 * What the first start records: DEFAULT_SHOP_SETTINGS, what the shop showed
 * before the owner could edit it. No hours: since issue 40 the kitchen's
 * calendar tells them (/admin/agenda), not the settings nor OPENING_HOURS.
 */
export function initialShopSettings(): ShopSettings {
  return structuredClone(DEFAULT_SHOP_SETTINGS);
}

/**
 * Records the settings on an empty stream; a stream that has them is left
 * alone, so every start may call it. Of instances starting together on an
 * empty store one append wins (expected revision no_stream); the others find
 * the stream started and report nothing. True when this call recorded them.
 */
export async function seedShopSettings(
  eventStore: EventStore,
  settings: ShopSettings,
  now: () => Date,
): Promise<boolean> {
  // Per attempt: two instances' events must not share ids, so the store tells them apart.
  const commandId = `seed-shop-settings:${randomUUID()}`;
  const context: CommandContext = {
    commandId,
    correlationId: commandId,
    actorId: SYSTEM_ACTOR,
    actorRole: 'system',
    occurredAt: now().toISOString(),
  };
  const stream = shopSettingsStream(eventStore);
  const loaded = await stream.load();
  if (loaded.state !== null) return false;
  try {
    await handleCommand(
      startingFrom(stream, loaded),
      { type: 'SeedShopSettings', settings },
      context,
    );
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
}

/**
 * Two admins saving at once: the document is saved whole, so the later save is
 * decided again on the earlier one (its changed fields named against it).
 */
const CHANGE_CONFLICT_RETRIES = 3;

/** An admin (the context's actor) saves the whole document; saving what is recorded appends nothing. */
export function changeShopSettings(
  eventStore: EventStore,
  settings: ShopSettings,
  context: CommandContext,
): Promise<CommandResult<ShopSettingsState>> {
  return retryOnConflict(
    CHANGE_CONFLICT_RETRIES,
    shopSettingsStream(eventStore),
    { type: 'ChangeShopSettings', settings },
    context,
  );
}
