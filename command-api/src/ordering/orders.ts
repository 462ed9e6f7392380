import { orderStreamName } from '@quitute/contracts';
import { handleCommand, type CommandContext, type CommandResult } from '../shared/handle-command';
import { loadAggregate, type CommandStores, type LoadedAggregate } from '../shared/load-aggregate';
import { orderDecider, parseOrderEvent, type OrderCommand, type OrderState } from './order-decider';

/** The order's commands decide right on any newer order (they check its status), so a conflict is retried. */
export const ORDER_CONFLICT_RETRIES = 10;

/** An order stream stays short (placed, paid, a few status changes): read whole, no snapshots. */
export function readOrder(
  stores: CommandStores,
  orderId: string,
): Promise<LoadedAggregate<OrderState>> {
  return loadAggregate({
    store: stores.eventStore,
    decider: orderDecider,
    parse: parseOrderEvent,
    streamName: orderStreamName(orderId),
  });
}

export function runOrderCommand(
  stores: CommandStores,
  orderId: string,
  command: OrderCommand,
  context: CommandContext,
  options: {
    eventId?: ((event: unknown, index: number) => string) | undefined;
    /** The order as the caller just read it (see handleCommand's `loaded`). */
    loaded?: LoadedAggregate<OrderState> | undefined;
  } = {},
): Promise<CommandResult<OrderState>> {
  return handleCommand({
    store: stores.eventStore,
    decider: orderDecider,
    parse: parseOrderEvent,
    streamName: orderStreamName(orderId),
    command,
    context,
    retryOnConflict: ORDER_CONFLICT_RETRIES,
    eventId: options.eventId,
    loaded: options.loaded,
  });
}
