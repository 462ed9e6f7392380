export * from './constants';
export * from './messages';
export * from './events';
export * from './calendar';
export * from './dto';
export * from './read-model';
