import { UnsupportedMediaTypeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * The bodies the API reads: JSON and URL-encoded forms (the body parsers), and the
 * multipart uploads the upload route reads itself. Any other body would reach a route
 * as no body at all and be refused as if it were empty, so it is refused for its type.
 */
const READABLE_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

export function refuseUnreadableBodies(request: Request, _response: Response, next: NextFunction): void {
  const hasBody =
    request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  if (hasBody && !request.is(READABLE_BODY_TYPES)) {
    return next(
      new UnsupportedMediaTypeException(
        'The request body must be JSON (Content-Type: application/json); uploads are multipart/form-data',
      ),
    );
  }
  next();
}
