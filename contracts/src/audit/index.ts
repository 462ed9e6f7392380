export * from './history';
export * from './event-log';
export * from './projections';
