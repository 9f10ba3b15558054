/**
 * Vite plugin: mounts the gateway for /api/* in the dev (and preview) server, before Vite's own
 * middlewares. Deliberately not Vite's `server.proxy`: its error log prints upstream URLs, which
 * carry the ERP API password.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin, PreviewServer, ViteDevServer } from 'vite';
import { getRequestListener } from '@hono/node-server';
import { assertProxyExposure, loadEnv, prepareGateway, resolveSettings } from '../config';
import { createGateway } from './index';

/** Mounts the gateway; returns the function that stops the embedded demo ERP (if any). */
async function mount(server: ViteDevServer | PreviewServer): Promise<() => Promise<void>> {
  const settings = resolveSettings(loadEnv(server.config.root), 'dev', server.config.root);
  assertProxyExposure(settings.gateway.trustProxy, settings.host);
  const prepared = await prepareGateway(settings);
  const gateway = createGateway(prepared.config);
  const listener = getRequestListener(gateway.fetch);
  const reply = prepared.reply ? getRequestListener(prepared.reply.fetch) : null;
  const middleware: Connect.NextHandleFunction = (req: IncomingMessage, res: ServerResponse, next) => {
    const url = req.url ?? '';
    // The counterpart's reply page (server-rendered, no login): PUBLIC_URL + /yanit/<token>.
    if (reply && url.startsWith('/yanit/')) {
      reply(req, res).catch(next);
      return;
    }
    if (url !== '/api' && !url.startsWith('/api/') && !url.startsWith('/api?')) return next();
    listener(req, res).catch(next);
  };
  server.middlewares.use(middleware);
  // Reply links point at the address this server really listens on (Vite may take another port).
  if (settings.mutabakat.publicUrlDefault) {
    server.httpServer?.once('listening', () => {
      const a = server.httpServer?.address();
      if (a && typeof a === 'object')
        settings.mutabakat.publicUrl = `http://${settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host}:${a.port}`;
    });
  }
  server.config.logger.info(`  ${prepared.description}`);
  return () => prepared.close().catch(() => undefined);
}

export function erpGateway(): Plugin {
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  };
  return {
    name: 'cari-erp-gateway',
    async configureServer(server) {
      closers.push(await mount(server));
    },
    async configurePreviewServer(server) {
      closers.push(await mount(server));
    },
    // Called on restart and on close: stop the demo ERP this server started.
    closeServer: closeAll,
    closePreviewServer: closeAll,
  };
}
