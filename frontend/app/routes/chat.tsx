import { replace, type LoaderFunctionArgs } from '@remix-run/node';

/** Chat lives in the Intelligence hub; the query comes along. */
export function loader({ request }: LoaderFunctionArgs) {
  return replace(`/intelligence${new URL(request.url).search}`);
}
