import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ServerBuild } from '@remix-run/node';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config.js';
import { clientAddressOf } from '../http/client-address.js';
import { cspNonceOf } from '../http/security-headers.js';
import { createRemixRequestHandler } from './remix-request-handler.js';

/** Paths the API, the socket and the docs own; every other path is the web app's. */
const API_PATH = /^\/(api|mcp|demo|ws|v1)(\/|$)|^\/(health|status|metrics)$/;

/**
 * Mounts the Remix web app on the same server as the API: its built assets,
 * then the server-rendered pages for every path the API does not own. In
 * development (WEB_DEV), Vite serves it with hot reload instead of the build.
 */
export async function mountWebApp(app: NestExpressApplication, config: AppConfig): Promise<void> {
  const logger = new Logger('WebApp');
  const { frontendDir } = config.web;
  let build: ServerBuild | (() => Promise<ServerBuild>);

  if (config.web.dev) {
    const vite = await import('vite');
    const devServer = await vite.createServer({
      root: frontendDir,
      server: { middlewareMode: true },
      appType: 'custom',
    });
    app.use(devServer.middlewares);
    app
      .getHttpAdapter()
      .getHttpServer()
      .on('close', () => void devServer.close());
    build = () => devServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>;
  } else {
    const serverBuild = join(frontendDir, 'build/server/index.js');
    if (!existsSync(serverBuild)) {
      logger.warn(`The web app is not built (${serverBuild} is missing): run npm run build`);
      return;
    }
    build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    const client = join(frontendDir, 'build/client');
    // Fingerprinted file names: cache them for good.
    app.useStaticAssets(join(client, 'assets'), { prefix: '/assets', immutable: true, maxAge: '1y', index: false });
    app.useStaticAssets(client, { maxAge: '1h', index: false });
  }

  const handle = createRemixRequestHandler(build, config.environment, (request, response) => ({
    apiBaseUrl: `http://${hostForUrl(request.socket.localAddress)}:${request.socket.localPort}`,
    sessionSecret: config.auth.sessionSecret,
    secureCookies: config.auth.secureCookies,
    clientAddress: clientAddressOf(request),
    userAgent: request.headers['user-agent'],
    cspNonce: cspNonceOf(response),
    projectRoot: config.projectRoot,
  }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (API_PATH.test(request.path)) return next();
    handle(request, response).catch(next);
  });
}

/** The API answers on the address the request came in on; IPv6 needs brackets in a URL. */
function hostForUrl(address: string | undefined): string {
  if (!address) return '127.0.0.1';
  const plain = address.replace(/^::ffff:/, '');
  return plain.includes(':') ? `[${plain}]` : plain;
}
