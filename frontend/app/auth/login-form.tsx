import { loginSchema } from '@docent/common/auth';
import { checkRequest } from '@docent/common/validation';
import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button, Checkbox, FormAlert, PasswordField, TextField } from '~/components/forms';
import { useAuth } from './auth-context';
import { StyledAuthForm, StyledFieldset, StyledSwitchLine } from './auth-layout';
import { authPageHref } from './redirect-target';

const StyledDivider = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  text-transform: uppercase;

  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const StyledDemoNote = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
`;

interface LoginFormProps {
  /** Where to go once signed in (already checked to be a path on this site). */
  redirectTo: string;
  /** The server offers the demo administrator account. */
  demoAvailable: boolean;
  /** The error of a submission that reached the page's action without JavaScript. */
  serverError?: string | null;
}

/**
 * Email, password with show/hide, 'Remember me for 30 days' and Sign In; the demo
 * button when the server offers it. With JavaScript the auth machine signs in; the
 * forms still post to the page's action without it.
 */
export function LoginForm({ redirectTo, demoAvailable, serverError = null }: LoginFormProps) {
  const { status, error, login, demoLogin, clearError } = useAuth();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState<'login' | 'demo' | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const busy = submitting !== null || status === 'loading';

  // A failed attempt's message belongs to this page only.
  useEffect(() => () => clearError(), [clearError]);

  const finish = (outcome: { ok: boolean }, retryFocus: HTMLInputElement | null) => {
    if (outcome.ok) {
      navigate(redirectTo, { replace: true });
      return;
    }
    setSubmitting(null);
    // The fieldset was disabled, so focus went nowhere: put it back where the user retries.
    requestAnimationFrame(() => retryFocus?.focus());
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // Read from the form, not from state: what was typed before hydration counts too.
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const rememberMe = form.get('rememberMe') === 'on';
    // The API's own check, so a refusal here reads as the API's would.
    const credentials = checkRequest(loginSchema, { email, password, rememberMe });
    if (!credentials.ok) {
      setFormError(credentials.error);
      (email ? passwordRef : emailRef).current?.focus();
      return;
    }
    setFormError(null);
    setSubmitting('login');
    finish(await login({ email, password, rememberMe }), passwordRef.current);
  };

  const onDemo = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    setSubmitting('demo');
    finish(await demoLogin(), emailRef.current);
  };

  const message = formError ?? (status === 'error' ? error : null) ?? (submitting === null ? serverError : null);

  return (
    <>
      <StyledAuthForm method="post" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="login" />
        <FormAlert>{message}</FormAlert>
        <StyledFieldset disabled={busy}>
          <TextField
            ref={emailRef}
            label={t('login.email')}
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
          />
          <PasswordField
            ref={passwordRef}
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
          />
          <Checkbox label={t('login.rememberMe')} name="rememberMe" />
          <Button type="submit" fullWidth busy={submitting === 'login'}>
            {submitting === 'login' ? t('login.signingIn') : t('login.signIn')}
          </Button>
        </StyledFieldset>
      </StyledAuthForm>

      {demoAvailable && (
        <>
          <StyledDivider>{t('login.or')}</StyledDivider>
          <form method="post" onSubmit={onDemo} aria-label={t('login.demoLogin')}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="demo" />
            <Button type="submit" variant="secondary" fullWidth disabled={busy} busy={submitting === 'demo'}>
              {submitting === 'demo' ? t('login.signingIn') : t('login.tryDemo')}
            </Button>
            <StyledDemoNote>{t('login.demoNote')}</StyledDemoNote>
          </form>
        </>
      )}

      <StyledSwitchLine>
        {/* The tag is <signup>, not <link>: Trans would read <link> as HTML's empty element. */}
        <Trans
          t={t}
          i18nKey="login.noAccount"
          components={{ signup: <Link to={authPageHref('/register', redirectTo)} /> }}
        />
      </StyledSwitchLine>
    </>
  );
}
