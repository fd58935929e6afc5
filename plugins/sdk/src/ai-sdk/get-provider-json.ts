import { providerErrorFromStatus } from './provider-errors.js';

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * GETs a JSON resource from a provider's REST API, for the calls the AI SDK does not
 * make (listing models). An error status becomes a ProviderError carrying the
 * provider's explanation; network failures are left for `toProviderError` to describe.
 */
export async function getProviderJson(
  url: string,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal = AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
): Promise<unknown> {
  const response = await fetch(url, { headers, signal });
  if (!response.ok) throw providerErrorFromStatus(response.status, await errorDetail(response));
  return response.json();
}

/** OpenAI, Anthropic and Google all answer errors as `{ "error": { "message": ... } }`; some servers with plain text. */
async function errorDetail(response: Response): Promise<string | undefined> {
  const body = await response.text();
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string };
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: the text itself is the best explanation there is.
  }
  return body.trim().slice(0, 200) || undefined;
}
