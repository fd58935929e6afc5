import type { DocumentPreview } from '@docent/common/documents';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { failureResponse, signedInApi } from '~/lib/api-client.server';

/** GET ?page=N -> one page of the document's extracted text, from GET /api/documents/{id}/preview. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const requested = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isSafeInteger(requested) && requested >= 1 ? requested : 1;
  const api = await signedInApi(request, context);
  try {
    const preview = await api.call<DocumentPreview>(
      `/api/documents/${encodeURIComponent(params.documentId ?? '')}/preview?page=${page}`,
    );
    return Response.json(preview, { headers: await api.cookieHeaders() });
  } catch (error) {
    return failureResponse(error);
  }
}
