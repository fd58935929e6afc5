import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { NotFoundCard } from '~/components/errors/error-screen';

export const meta: MetaFunction = () => [{ title: 'Page not found · Docent' }];

/** Every path no route claims: a 404, and the server log says which path was asked for. */
export function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(JSON.stringify({ level: 'warn', time: Date.now(), msg: 'Page not found', path: pathname }));
  return data({ path: pathname }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundCard />;
}
