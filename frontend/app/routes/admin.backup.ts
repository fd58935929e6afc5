import type { LoaderFunctionArgs } from '@remix-run/node';
import { INSTANCE_BACKUP_PATH } from '~/admin/admin-api.server';
import { apiErrorOf, failureResponse, signedInApi } from '~/lib/api-client.server';

/** GET -> the instance backup archive from GET /api/admin/backup, streamed through for the browser to save. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  try {
    const { response: upstream } = await api.raw(INSTANCE_BACKUP_PATH);
    if (!upstream.ok) return failureResponse(await apiErrorOf(upstream), await api.cookieHeaders());
    const headers = new Headers(await api.cookieHeaders());
    headers.set('Content-Type', upstream.headers.get('Content-Type') ?? 'application/gzip');
    headers.set('Content-Disposition', upstream.headers.get('Content-Disposition') ?? 'attachment');
    // Every account and document of the instance: no shared cache may keep it.
    headers.set('Cache-Control', 'private, no-store');
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    return failureResponse(error);
  }
}
