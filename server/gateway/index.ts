/**
 * The gateway (Backend-for-Frontend): the browser's only door to the ERP.
 * A Hono app (Web-standard fetch handler) so the same code runs in the Vite dev server, the
 * production server and the front-end tests (msw handlers call `gateway.fetch(request)`).
 * Routes and error codes: docs/team-contracts.md. The files, in the order a request meets them:
 * server/gateway/README.md. This file is the only entry.
 */
export { createGateway, type Gateway } from './app';
export { DEFAULTS, SESSION_COOKIE, type DemoUser, type GatewayConfig } from './config';
export { fetchTransport, type ErpTransport } from './upstream';
