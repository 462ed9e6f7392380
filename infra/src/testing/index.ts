export { describeWithServer, reportSkip, resolveTestServer } from './reachability';
export type { TestServer } from './reachability';
export { listenOnFreePort } from './http';
export { resolveMongoTestServer } from './mongo';
export { encodeCaptchaPayload, solveAsWidget } from './altcha';
export type { SolvedChallenge, WireChallenge } from './altcha';
export { describeWithPostgres, terminatePostgresLeaseHolder, throwawaySchema } from './postgres';
export { routeTable } from './route-table';
export type { RouteEntry } from './route-table';
