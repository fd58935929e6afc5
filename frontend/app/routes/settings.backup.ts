import type { BackupResponse } from '@docent/common/settings';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { failureResponse, signedInApi } from '~/lib/api-client.server';

/** GET -> the API's BackupResponse: the caller's backup file, which the page completes with the browser's bookmarks. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  try {
    const backup = await api.call<BackupResponse>('/api/user/backup');
    const headers = new Headers(await api.cookieHeaders());
    // The user's own data: no shared cache may keep it.
    headers.set('Cache-Control', 'private, no-store');
    return Response.json(backup, { headers });
  } catch (error) {
    return failureResponse(error);
  }
}
