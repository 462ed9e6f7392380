export { createQueryApp, createQueryRouter } from './app';
export type { QueryDeps } from './app';
export { sessionVersionsFromReadModel } from './accounts/routes';
export type { PaymentsPublicConfig } from './ordering/routes';
export { attachSocketGateway } from './realtime/socket-gateway';
export type { SocketGateway, SocketGatewayDeps } from './realtime/socket-gateway';
