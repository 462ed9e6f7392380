export { createQueryApp, createQueryRouter, QUERY_API_POSTS } from './app';
export type { QueryDeps } from './app';
export { queryEnv } from './config';
export { sessionVersionsFromReadModel } from './accounts/routes';
export type { PaymentsPublicConfig } from './ordering/routes';
export type { ChatbotOptions } from './chatbot/routes';
export { attachSocketGateway } from './realtime/socket-gateway';
export type { SocketGateway, SocketGatewayDeps } from './realtime/socket-gateway';
