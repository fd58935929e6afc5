import type { Response } from 'express';

/** A signal that aborts when the caller closes the connection before the response is finished. */
export function callerLeftSignal(response: Response): AbortSignal {
  const callerLeft = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) callerLeft.abort();
  });
  return callerLeft.signal;
}
