import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { AuthLayout, StyledAuthForm, StyledFieldset } from '~/auth/auth-layout';
import { readSignIn, signIn } from '~/auth/auth-session.server';
import { Button, FormAlert, PasswordField, TextField } from '~/components/forms';
import { ApiError } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';
import { getWebSession } from '~/lib/session.server';
import { pageTitle } from '~/i18n/page-title';

export const handle = { i18n: 'auth' };

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'invite') }];

/** GET /invite?token=...: the invite names the email and role, so the invited person gives only their name and password. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getWebSession(request, context);
  if (session.get('accessToken')) throw redirect('/');
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/** Accepts the invite: the account is opened and signed in, then the app opens. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getWebSession(request, context);
  await assertCsrf(request, context);
  const form = await request.formData();
  const invite = readSignIn('invite', {
    token: form.get('token'),
    name: form.get('name'),
    password: form.get('password'),
    confirmPassword: form.get('confirmPassword'),
  });
  if (!invite.ok) return data({ error: invite.error }, { status: 400 });
  try {
    const { headers } = await signIn(request, context, session, invite.value);
    return redirect('/', { headers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ error: error.message }, { status: error.status || 502, headers: error.headers });
  }
}

export default function InvitePage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('invite.title')} subtitle={t('invite.subtitle')}>
      <StyledAuthForm method="post" noValidate aria-labelledby="auth-title">
        <AuthenticityTokenInput />
        <input type="hidden" name="token" value={token} />
        <FormAlert>{token ? (actionData?.error ?? null) : t('invite.incomplete')}</FormAlert>
        <StyledFieldset disabled={busy || !token}>
          <TextField label={t('register.fullName')} name="name" autoComplete="name" required />
          <PasswordField label={t('register.password')} name="password" autoComplete="new-password" required />
          <PasswordField
            label={t('register.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            required
          />
          <Button type="submit" fullWidth busy={busy}>
            {busy ? t('register.creating') : t('register.create')}
          </Button>
        </StyledFieldset>
      </StyledAuthForm>
    </AuthLayout>
  );
}
