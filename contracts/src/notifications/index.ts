export * from './constants';
export * from './events';
export * from './read-model';
export * from './messages';
export * from './dto';
export * from './phone';
