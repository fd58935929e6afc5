import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '~/auth/auth-layout';
import { readSignIn, signIn } from '~/auth/auth-session.server';
import { redirectTargetOf } from '~/auth/redirect-target';
import { RegisterForm } from '~/auth/register-form';
import { ApiError } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';
import { getWebSession } from '~/lib/session.server';
import { AUTH_MESSAGES } from '~/machines/auth.machine';
import { pageTitle } from '~/i18n/page-title';

export const handle = { i18n: 'auth' };

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'register') }];

/** A signed-in visitor goes straight to the target. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = redirectTargetOf(new URL(request.url).searchParams);
  const session = await getWebSession(request, context);
  if (session.get('accessToken')) throw redirect(redirectTo);
  return { redirectTo };
}

/** Without JavaScript (or before hydration) the form posts here: the spec's checks, the registration, a redirect. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getWebSession(request, context);
  await assertCsrf(request, context);
  const form = await request.formData();
  const text = (field: string) => String(form.get(field) ?? '');
  const registration = readSignIn('register', {
    name: text('name').trim(),
    email: text('email').trim(),
    password: text('password'),
    confirmPassword: text('confirmPassword'),
  });
  if (!registration.ok) return data({ error: registration.error }, { status: 400 });
  try {
    const { headers } = await signIn(request, context, session, registration.value);
    return redirect(redirectTargetOf(new URL(request.url).searchParams), { headers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(
      { error: error.message || AUTH_MESSAGES.registrationFailed },
      { status: error.status || 502, headers: error.headers },
    );
  }
}

export default function RegisterPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm redirectTo={redirectTo} serverError={actionData?.error ?? null} />
    </AuthLayout>
  );
}
