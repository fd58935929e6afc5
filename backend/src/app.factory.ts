import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module.js';
import { DocumentProcessor } from './documents/processing/document-processor.service.js';
import { ReactionRunner } from './reactions/reaction-runner.service.js';
import { ChunkIndex } from './search/index/chunk-index.js';
import type { AppConfig } from './config/app-config.js';
import { ApiExceptionFilter } from './http/api-exception.filter.js';
import { acceptForwardedClientAddress } from './http/client-address.js';
import { refuseUnreadableBodies } from './http/request-body.js';
import { securityHeaders } from './http/security-headers.js';
import { createValidationPipe } from './http/validation.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { PrometheusMetrics } from './metrics/prometheus/prometheus-metrics.js';
import { ApiTrafficRecorder } from './metrics/recording/api-traffic-recorder.js';
import { recordApiTraffic } from './metrics/recording/record-api-traffic.js';
import { PLATFORM, VERSION } from './status/status.service.js';
import { mountWebApp } from './web/web-app.js';

/** Builds the whole server (HTTP API, /ws, /status, /health, /api/docs) without listening: main and tests share it. */
export async function createApp(
  config: AppConfig,
  options: { logDestination?: DestinationStream } = {},
): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.http.trustProxy);
  // First: the web app, the rate limits and the logs all ask whose request this is.
  app.use(acceptForwardedClientAddress(config.auth.sessionSecret));
  // Every API request is timed from here, whatever answers it (a guard, a pipe, a handler).
  app.use(recordApiTraffic(app.get(ApiTrafficRecorder), app.get(PrometheusMetrics)));
  app.use(securityHeaders({ webDev: config.web.dev }));
  // Before the body parsers: the web app's own routes read their request bodies themselves.
  await mountWebApp(app, config);
  app.useBodyParser('json', { limit: config.http.bodyLimitBytes });
  app.useBodyParser('urlencoded', { limit: config.http.bodyLimitBytes, extended: false });
  app.use(refuseUnreadableBodies);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  app.disable('x-powered-by');
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle(`${PLATFORM} API`)
    .setDescription('Documents, search, chat, tools and models. Authenticate with an access token or an API key.')
    .setVersion(VERSION)
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });

  await app.init();
  // Only the server processes documents, reacts to events, records its traffic and holds
  // the keyword index in memory; the command-line tools boot the same modules without any of it.
  await app.get(ChunkIndex).loadKeywordIndex();
  await app.get(DocumentProcessor).start();
  await app.get(ReactionRunner).start();
  app.get(MetricsModule).start();
  return app;
}
