export * from './constants';
export * from './messages';
export * from './events';
export * from './delivery';
export * from './dto';
export * from './read-model';
