export { createQueryApp, createQueryRouter } from './app';
export type { QueryDeps } from './app';
export { sessionVersionsFromReadModel } from './accounts/routes';
