export * from './constants';
export * from './messages';
export * from './events';
export * from './dto';
