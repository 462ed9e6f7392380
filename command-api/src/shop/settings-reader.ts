import { DEFAULT_SHOP_SETTINGS, SHOP_SETTINGS_STREAM, type ShopSettings } from '@quitute/contracts';
import type { EventStore } from '@quitute/infra/event-store';
import { emptyAggregate, foldOnto, type LoadedAggregate } from '../shared/handle-command';
import { parseShopSettingsEvent, shopSettingsDecider, type ShopSettingsState } from './decider';

/**
 * The shop's settings as the command side reads them (commands never read read
 * models, ARCHITECTURE §4): the checkout prices delivery with them, the
 * e-mails sign with them.
 */
export interface ShopSettingsReader {
  /**
   * The settings as last saved, read at the call: the events recorded since the
   * last call, usually none (one short read). DEFAULT_SHOP_SETTINGS while
   * nothing was recorded, what the shop shows before its first start seeds them.
   */
  current(): Promise<ShopSettings>;
}

/**
 * Keeps the last settings it folded and their revision, and on each call reads
 * only the events after it: an admin's save is seen by the next checkout, on
 * this instance and on every other, without reading the stream whole.
 */
export function createShopSettingsReader(eventStore: EventStore): ShopSettingsReader {
  let known: LoadedAggregate<ShopSettingsState> = emptyAggregate(shopSettingsDecider);
  const fold = { decider: shopSettingsDecider, parse: parseShopSettingsEvent };
  return {
    async current() {
      const start = known;
      const recorded = await eventStore.readStream(SHOP_SETTINGS_STREAM, {
        fromRevision: start.revision + 1,
      });
      const now = foldOnto(fold, start, recorded);
      // Calls overlap: the one that read further is kept.
      if (now.revision > known.revision) known = now;
      return now.state ?? DEFAULT_SHOP_SETTINGS;
    },
  };
}
