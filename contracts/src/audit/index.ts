export * from './history';
export * from './event-log';
export * from './projections';
export * from './descriptions';
export * from './order-history';
export * from './read-order-history';
