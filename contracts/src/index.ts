export * from './shared/metadata';
export * from './shared/money';
export * from './shared/text';
export * from './shared/messages';
export * from './catalog/constants';
export * from './catalog/events';
export * from './catalog/dto';
export * from './catalog/menu';
