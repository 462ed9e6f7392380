export { reportSkip, resolveTestServer } from './reachability';
export type { TestServer } from './reachability';
export { listenOnFreePort } from './http';
