import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { NotFoundCard } from '~/components/errors/error-screen';
import { pageTitle } from '~/i18n/page-title';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'notFound') }];

/** Every path no route claims: a 404, and the server log says which path was asked for. */
export function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(JSON.stringify({ level: 'warn', time: Date.now(), msg: 'Page not found', path: pathname }));
  return data({ path: pathname }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundCard />;
}
