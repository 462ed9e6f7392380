export * from './checkpoints';
export * from './own-writes';
export * from './status';
