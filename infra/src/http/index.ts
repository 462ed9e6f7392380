export { errorHandler, apiNotFound } from './error-handler';
export { parseWith } from './parse';
