import {
  centsToReais,
  saleStreamName,
  salesMessages,
  type AdminSaleResult,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { namingFacts, retryOnConflict } from '../shared/command-wrappers';
import {
  commandStream,
  type CommandContext,
  type CommandResult,
  type CommandStores,
} from '../shared/handle-command';
import { parseSaleEvent, saleDecider, type SaleCommand, type SaleState } from './decider';

/** Retries of a sale's append: its commands decide right on any newer sale (they check what it is). */
const SALE_CONFLICT_RETRIES = 3;

/** A sale stream stays short (recorded, a few corrections): read whole, no snapshots. */
export function runSaleCommand(
  stores: Pick<CommandStores, 'eventStore'>,
  saleId: string,
  command: SaleCommand,
  context: CommandContext,
  /** The command id names a fact (a process manager's reaction to one event): see namingFacts. */
  options: { idsNameFacts?: boolean } = {},
): Promise<CommandResult<SaleState>> {
  const stream = commandStream(
    stores.eventStore,
    saleStreamName(saleId),
    saleDecider,
    parseSaleEvent,
  );
  return retryOnConflict(
    SALE_CONFLICT_RETRIES,
    options.idsNameFacts ? namingFacts(stream) : stream,
    command,
    context,
  );
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
