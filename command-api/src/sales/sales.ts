import {
  centsToReais,
  saleStreamName,
  salesMessages,
  type AdminSaleResult,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { handleCommand, type CommandContext, type CommandResult } from '../shared/handle-command';
import type { CommandStores } from '../shared/load-aggregate';
import { parseSaleEvent, saleDecider, type SaleCommand, type SaleState } from './decider';

/** Retries of a sale's append: its commands decide right on any newer sale (they check what it is). */
const SALE_CONFLICT_RETRIES = 3;

/** A sale stream stays short (recorded, a few corrections): read whole, no snapshots. */
export function runSaleCommand(
  stores: Pick<CommandStores, 'eventStore'>,
  saleId: string,
  command: SaleCommand,
  context: CommandContext,
  options: { eventId?: ((event: unknown, index: number) => string) | undefined } = {},
): Promise<CommandResult<SaleState>> {
  return handleCommand({
    store: stores.eventStore,
    decider: saleDecider,
    parse: parseSaleEvent,
    streamName: saleStreamName(saleId),
    command,
    context,
    retryOnConflict: SALE_CONFLICT_RETRIES,
    eventId: options.eventId,
  });
}

/** The sale as the admin area shows it (admin-spec §3: amount in reais, physical ones are 'Fisico'). */
export function toAdminSale(state: SaleState): AdminSaleResult {
  if (state.status !== 'recorded' || state.source !== 'physical') {
    throw new AppError('not_found', salesMessages.saleNotFound);
  }
  return {
    id: state.saleId,
    date: state.soldAt,
    clientName: state.clientName,
    amount: centsToReais(state.amountCents),
    source: 'Fisico',
    isDeleted: false,
  };
}
