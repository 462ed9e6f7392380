export * from './constants';
export * from './messages';
export * from './dto';
