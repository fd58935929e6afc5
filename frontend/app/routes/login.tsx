import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '~/auth/auth-layout';
import { readSignIn, signIn } from '~/auth/auth-session.server';
import { LoginForm } from '~/auth/login-form';
import { redirectTargetOf } from '~/auth/redirect-target';
import { anonymousCall, ApiError } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';
import { getWebSession } from '~/lib/session.server';
import { AUTH_MESSAGES } from '~/machines/auth.machine';
import { pageTitle } from '~/i18n/page-title';

export const handle = { i18n: 'auth' };

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'signIn') }];

/** A signed-in visitor goes straight to the target; others get the form, with the demo button when the server offers it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = redirectTargetOf(new URL(request.url).searchParams);
  const session = await getWebSession(request, context);
  if (session.get('accessToken')) throw redirect(redirectTo);
  const demoAvailable = await anonymousCall<{ available?: unknown }>(context, '/api/auth/demo').then(
    ({ available }) => available === true,
    () => false,
  );
  return { redirectTo, demoAvailable };
}

/** Without JavaScript (or before hydration) the forms post here; the same sign-in, then a redirect. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getWebSession(request, context);
  await assertCsrf(request, context);
  const form = await request.formData();
  const demo = form.get('intent') === 'demo';
  const signInBody = demo
    ? readSignIn('demo', {})
    : readSignIn('login', {
        email: form.get('email'),
        password: form.get('password'),
        rememberMe: form.get('rememberMe') === 'on',
      });
  if (!signInBody.ok) return data({ error: signInBody.error }, { status: 400 });
  try {
    const { headers } = await signIn(request, context, session, signInBody.value);
    return redirect(redirectTargetOf(new URL(request.url).searchParams), { headers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(
      { error: demo ? AUTH_MESSAGES.demoLoginFailed : error.message || AUTH_MESSAGES.loginFailed },
      { status: error.status || 502, headers: error.headers },
    );
  }
}

export default function LoginPage() {
  const { redirectTo, demoAvailable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm redirectTo={redirectTo} demoAvailable={demoAvailable} serverError={actionData?.error ?? null} />
    </AuthLayout>
  );
}
