export * from './constants';
export * from './messages';
export * from './phone';
export * from './events';
export * from './dto';
export * from './read-model';
