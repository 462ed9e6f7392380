import { expect } from 'vitest';
import type { FoldsPassedPages } from '../event-store/follow-log';
import type { EventStore } from '../event-store/port';
import type { SavableView } from '../saved-state';
import { recordingSubscriptionStarts } from './subscription-starts';

type View = SavableView & FoldsPassedPages & { start(): Promise<void> };

/**
 * Checks a view's catchUp against following the log: over `store` (holding
 * events the view wants and others), one view starts and follows the whole
 * log; another first takes the log as readAll pages of `pageSize` (a page
 * passed twice, as a caller ahead of it may hand it again), then starts. Both
 * must hold the same state, and the second must follow the log from the end
 * of the last page, not from its beginning.
 */
export async function expectPassedPagesFoldAsFollowing(
  store: EventStore,
  createView: (store: EventStore) => View,
  pageSize = 3,
): Promise<void> {
  const following = createView(store);
  await following.start();

  const { store: watching, starts } = recordingSubscriptionStarts(store);
  const folding = createView(watching);
  const head = await store.headPosition();
  let after = 0;
  while (after < head) {
    const page = await store.readAll({ fromPosition: after, maxCount: pageSize });
    await folding.catchUp(page);
    await folding.catchUp(page);
    after = page.at(-1)?.position ?? head;
  }
  expect(folding.reached()).toBe(head);
  await folding.start();

  expect(starts).toEqual([head]);
  expect(folding.capture()).toEqual(following.capture());
}
