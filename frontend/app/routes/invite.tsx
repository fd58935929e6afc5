import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { AuthLayout, StyledAuthForm, StyledFieldset } from '~/auth/auth-layout';
import { readSignIn, signIn } from '~/auth/auth-session.server';
import { Button, FormAlert, PasswordField, TextField } from '~/components/forms';
import { ApiError } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';
import { getWebSession } from '~/lib/session.server';
import { pageTitle } from '~/i18n/page-title';

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
  return (
    <AuthLayout
      title="Accept your invite"
      subtitle="An administrator invited you to Docent. Choose your name and password."
    >
      <StyledAuthForm method="post" noValidate aria-labelledby="auth-title">
        <AuthenticityTokenInput />
        <input type="hidden" name="token" value={token} />
        <FormAlert>
          {token ? (actionData?.error ?? null) : 'This invite link is incomplete: open the link you were sent.'}
        </FormAlert>
        <StyledFieldset disabled={busy || !token}>
          <TextField label="Full name" name="name" autoComplete="name" required />
          <PasswordField label="Password" name="password" autoComplete="new-password" required />
          <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" required />
          <Button type="submit" fullWidth busy={busy}>
            {busy ? 'Creating account...' : 'Create Account'}
          </Button>
        </StyledFieldset>
      </StyledAuthForm>
    </AuthLayout>
  );
}
