export { actorPhrase, auditedEventSchemas, describeEvent, formatShopMoment } from './descriptions';
export type { AuditedEvent, AuditedEventType, DescriptionContext } from './descriptions';
export { buildOrderHistory, paymentIdsOf } from './order-history';
export type { HistoryCut, OrderHistoryInput } from './order-history';
export {
  readOrderEvents,
  readOrderHistory,
  readUserName,
  resolveOrderId,
} from './read-order-history';
export type { EventLog } from './read-order-history';
