export { errorHandler, apiNotFound } from './error-handler';
export { parseWith } from './parse';
export { requestLogging, type HttpLoggerFactory } from './request-logging';
