export * from './commands';
export * from './queries';
export * from './reports';
