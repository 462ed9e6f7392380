import { reviewMessages, reviewStreamName } from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { activeUser, userStream } from '../accounts/accounts';
import type { ActiveUser } from '../accounts/decider';
import type { CatalogView, ResolvedProduct } from '../catalog/catalog-view';
import { retryOnConflict } from '../shared/command-wrappers';
import {
  commandStream,
  readAggregate,
  type CommandContext,
  type CommandResult,
  type CommandStores,
} from '../shared/handle-command';
import { parseReviewEvent, reviewDecider, type ReviewCommand, type ReviewState } from './decider';

/**
 * The review flows around the decider: the product resolved through the
 * command side's catalogue, the author read from their own account stream
 * (commands never read read models, ARCHITECTURE §4), the review stream
 * loaded, decided and appended.
 */

/**
 * A concurrent write to the same review (an admin approving while another
 * deletes, two customers reporting) is decided again on the newer stream, so
 * each gets the answer that stream gives (409, 404) rather than a 412.
 */
const REVIEW_CONFLICT_RETRIES = 3;

export function runReviewCommand(
  stores: CommandStores,
  command: ReviewCommand,
  context: CommandContext,
): Promise<CommandResult<ReviewState>> {
  const stream = commandStream(
    stores.eventStore,
    reviewStreamName(command.reviewId),
    reviewDecider,
    parseReviewEvent,
  );
  return retryOnConflict(REVIEW_CONFLICT_RETRIES, stream, command, context);
}

/**
 * The product a review names: by id (its id or menu slug), else by name. One
 * the catalogue does not list (unknown, inactive or deleted) is 404
 * 'Produto não encontrado.': there is nothing there to review.
 */
export async function reviewedProduct(
  catalog: CatalogView,
  ref: { productId?: string | null | undefined; productName?: string | null | undefined },
): Promise<ResolvedProduct> {
  const resolved = await catalog.resolve({
    id: ref.productId ?? undefined,
    nome: ref.productName ?? '',
  });
  if ('error' in resolved) throw new AppError('not_found', reviewMessages.productNotFound);
  return resolved;
}

/** The author's account as it is now: their name and e-mail go on the review. */
export async function authorAccount(stores: CommandStores, userId: string): Promise<ActiveUser> {
  const { state } = await readAggregate(userStream(stores, userId));
  return activeUser(state);
}
