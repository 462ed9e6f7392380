import { orderStreamName } from '@quitute/contracts';
import { namingFacts, retryOnConflict, startingFrom } from '../shared/command-wrappers';
import {
  commandStream,
  readAggregate,
  type CommandContext,
  type CommandResult,
  type CommandStores,
  type LoadedAggregate,
} from '../shared/handle-command';
import { orderDecider, parseOrderEvent, type OrderCommand, type OrderState } from './decider';

/** The order's commands decide right on any newer order (they check its status), so a conflict is retried. */
export const ORDER_CONFLICT_RETRIES = 10;

/** An order stream stays short (placed, paid, a few status changes): read whole, no snapshots. */
function orderStream(stores: Pick<CommandStores, 'eventStore'>, orderId: string) {
  return commandStream(stores.eventStore, orderStreamName(orderId), orderDecider, parseOrderEvent);
}

export function readOrder(
  stores: CommandStores,
  orderId: string,
): Promise<LoadedAggregate<OrderState>> {
  return readAggregate(orderStream(stores, orderId));
}

export function runOrderCommand(
  stores: CommandStores,
  orderId: string,
  command: OrderCommand,
  context: CommandContext,
  options: {
    /** The command id names a fact (a process manager's reaction to one event): see namingFacts. */
    idsNameFacts?: boolean;
    /** The order as the caller just read it: see startingFrom. */
    loaded?: LoadedAggregate<OrderState> | undefined;
  } = {},
): Promise<CommandResult<OrderState>> {
  const stream = startingFrom(orderStream(stores, orderId), options.loaded);
  return retryOnConflict(
    ORDER_CONFLICT_RETRIES,
    options.idsNameFacts ? namingFacts(stream) : stream,
    command,
    context,
  );
}
