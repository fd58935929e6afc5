/**
 * A call from the browser to one of the web app's own resource routes, answered with
 * JSON: the answer when it says `success: true`, else an Error whose message is the text
 * the page shows (the route's error, else 'HTTP {status}: {statusText}', else why the
 * network failed, or 'Network error'). A call stopped with its signal rejects as fetch does.
 */
export async function fetchRouteJson<T extends { success: true }>(
  href: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(href, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new Error(error instanceof Error && error.message ? error.message : 'Network error', { cause: error });
  }
  const body = (await response.json().catch(() => undefined)) as { success?: unknown; error?: string } | undefined;
  if (!response.ok || body?.success !== true)
    throw new Error(body?.error ?? `HTTP ${response.status}: ${response.statusText}`);
  return body as T;
}
