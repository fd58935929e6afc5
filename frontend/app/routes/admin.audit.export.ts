import { auditExportSchema } from '@docent/common/admin';
import { checkRequest } from '@docent/common/validation';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { auditExportPath } from '~/admin/admin-api.server';
import { apiErrorOf, failureResponse, signedInApi } from '~/lib/api-client.server';

/** GET ?format=csv|json&actorId&action&from&to -> the audit log's file from the API, saved by the browser. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const checked = checkRequest(auditExportSchema, Object.fromEntries(search), 'The query');
  if (!checked.ok) return Response.json({ success: false, error: checked.error }, { status: 400 });
  const api = await signedInApi(request, context);
  try {
    const { response: upstream } = await api.raw(auditExportPath(`?${search.toString()}`));
    if (!upstream.ok) return failureResponse(await apiErrorOf(upstream), await api.cookieHeaders());
    const headers = new Headers(await api.cookieHeaders());
    headers.set('Content-Type', upstream.headers.get('Content-Type') ?? 'text/csv');
    headers.set('Content-Disposition', upstream.headers.get('Content-Disposition') ?? 'attachment');
    // Who did what in the system: no shared cache may keep it.
    headers.set('Cache-Control', 'private, no-store');
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    return failureResponse(error);
  }
}
