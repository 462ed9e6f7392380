export { errorHandler, apiNotFound } from './error-handler';
export { parseWith } from './parse';
export { loggablePath, requestLogging } from './request-logging';
export { isHttpsUrl, securityHeaders, type SecurityHeaderOptions } from './security-headers';
export { escapeHtml, htmlPage, sendHtmlPage } from './html-page';
export { isLocalClient, isLoopbackAddress } from './local-client';
export { freePort } from './free-port';
