import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiExportPath, exportFormatFrom, periodFrom } from '~/analytics/analytics-period';
import { apiErrorOf, failureResponse, signedInApi } from '~/lib/api-client.server';

/** What the browser needs to save the export under the API's name. */
const PASSED_THROUGH_HEADERS = ['Content-Type', 'Content-Length', 'Content-Disposition'];

/** GET ?period=7d&format=json|csv -> the API's analytics export, streamed through as a download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const searchParams = new URL(request.url).searchParams;
  const format = exportFormatFrom(searchParams);
  if (!format) return Response.json({ success: false, error: 'format must be json or csv' }, { status: 400 });
  const api = await signedInApi(request, context);
  try {
    const { response: upstream } = await api.raw(apiExportPath(periodFrom(searchParams), format), {
      accept: format === 'csv' ? 'text/csv' : 'application/json',
      signal: request.signal,
    });
    if (!upstream.ok) return failureResponse(await apiErrorOf(upstream), await api.cookieHeaders());
    const headers = new Headers(await api.cookieHeaders());
    for (const name of PASSED_THROUGH_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    // Saved, never shown in place, even if the API forgot to say so.
    if (!headers.get('Content-Disposition')?.toLowerCase().startsWith('attachment')) {
      headers.set('Content-Disposition', 'attachment');
    }
    // One person's figures: no shared cache may keep them.
    headers.set('Cache-Control', 'private, no-store');
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    return failureResponse(error);
  }
}
