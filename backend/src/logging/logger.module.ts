import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule as PinoLoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config.js';
import { clientAddressOf } from '../http/client-address.js';

const REQUEST_ID_HEADER = 'x-request-id';

/** Query parameters that may carry a credential (a socket's or a link's token): never written to the logs. */
const CREDENTIAL_PARAMETERS = new Set(['token', 'access_token', 'refresh_token', 'api_key', 'apikey']);
const REDACTED = '[Redacted]';

const isCredentialParameter = (name: string) => CREDENTIAL_PARAMETERS.has(name.toLowerCase());

/** The URL as logged: the values of credential parameters replaced, the rest as sent. */
function redactCredentialsInUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const parameters = url.slice(queryStart + 1).split('&');
  const redacted = parameters.map((parameter) => {
    const name = parameter.split('=', 1)[0]!;
    return isCredentialParameter(decodedName(name)) ? `${name}=${REDACTED}` : parameter;
  });
  return `${url.slice(0, queryStart)}?${redacted.join('&')}`;
}

/** A parameter name as the query parser reads it, so that an encoded spelling is redacted too. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** What pino's standard request serializer makes of a request. */
interface SerializedRequest {
  url?: string;
  query?: Record<string, unknown>;
  remoteAddress?: string;
  raw: IncomingMessage;
}

function serializeRequest(request: SerializedRequest): SerializedRequest {
  const query = request.query
    ? Object.fromEntries(
        Object.entries(request.query).map(([name, value]) => [name, isCredentialParameter(name) ? REDACTED : value]),
      )
    : request.query;
  return {
    ...request,
    url: request.url && redactCredentialsInUrl(request.url),
    query,
    // The browser's address for the web app's calls on its behalf, not the web server's.
    remoteAddress: clientAddressOf(request.raw),
  };
}

/**
 * Structured JSON logs; every request gets an id (the caller's, or a new one) echoed in
 * X-Request-Id. Credentials never reach them: the Authorization and Cookie headers,
 * Set-Cookie, and tokens passed in query strings are redacted. `destination` (stdout by
 * default) lets a test read what is logged.
 */
export function loggerModule(config: AppConfig, destination?: DestinationStream) {
  const options: Options = {
    level: config.logLevel,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const given = request.headers[REQUEST_ID_HEADER];
      const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
      response.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest },
    autoLogging: { ignore: (request) => request.url === '/health' },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
  };
  return PinoLoggerModule.forRoot({ pinoHttp: destination ? [options, destination] : options });
}
