import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { describeException, setRetryAfter } from '../http/api-exception.filter.js';
import { errorBody } from './openai-wire.js';

/** The gateway's failures in OpenAI's error shape, so OpenAI clients report the message. */
@Catch()
export class OpenAiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Gateway');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, error } = describeException(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (response.headersSent) return;
    setRetryAfter(response, exception);
    response.status(status).json(errorBody(status, error));
  }
}
