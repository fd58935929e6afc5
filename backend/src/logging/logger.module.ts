import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule as PinoLoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';

const REQUEST_ID_HEADER = 'x-request-id';

/** Structured JSON logs; every request gets an id (the caller's, or a new one) echoed in X-Request-Id. */
export function loggerModule(config: AppConfig) {
  return PinoLoggerModule.forRoot({
    pinoHttp: {
      level: config.logLevel,
      genReqId: (request: IncomingMessage, response: ServerResponse) => {
        const given = request.headers[REQUEST_ID_HEADER];
        const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
        response.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      autoLogging: { ignore: (request) => request.url === '/health' },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    },
  });
}
