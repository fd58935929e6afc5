import { REGISTRATION_MESSAGES, validateRegistration } from '@docent/common/validation';
import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Button, FormAlert, PasswordField, TextField } from '~/components/forms';
import { useAuth } from './auth-context';
import { StyledAuthForm, StyledFieldset, StyledSwitchLine } from './auth-layout';
import { PasswordStrengthMeter } from './password-strength-meter';
import { authPageHref } from './redirect-target';

interface RegisterFormProps {
  redirectTo: string;
  /** The error of a submission that reached the page's action without JavaScript. */
  serverError?: string | null;
}

/**
 * Full name, email, password with the strength meter, confirm password with the
 * inline mismatch message. The spec's checks run in its order before any call.
 */
export function RegisterForm({ redirectTo, serverError = null }: RegisterFormProps) {
  const { status, error, register, clearError } = useAuth();
  const { t } = useTranslation('auth');
  /** The checks made here, in the page's language; what the server said stays as it said it. */
  const inOwnWords = (message: string) => {
    const check = (Object.keys(REGISTRATION_MESSAGES) as (keyof typeof REGISTRATION_MESSAGES)[]).find(
      (key) => REGISTRATION_MESSAGES[key] === message,
    );
    return check ? t(`register.validation.${check}`) : message;
  };
  const navigate = useNavigate();
  // Only what the meter and the inline mismatch need; the submission reads the form itself.
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const busy = submitting || status === 'loading';

  useEffect(() => () => clearError(), [clearError]);

  // Whatever was typed before hydration shows in the meter and the mismatch message at once.
  useEffect(() => {
    setPassword(passwordRef.current?.value ?? '');
    setConfirmPassword(confirmRef.current?.value ?? '');
  }, []);

  /** The field a validation message is about, to put the focus there. */
  const fieldOf = (message: string): RefObject<HTMLInputElement> => {
    switch (message) {
      case REGISTRATION_MESSAGES.passwordTooShort:
      case REGISTRATION_MESSAGES.passwordTooLong:
        return passwordRef;
      case REGISTRATION_MESSAGES.passwordsDoNotMatch:
        return confirmRef;
      case REGISTRATION_MESSAGES.invalidEmail:
      case REGISTRATION_MESSAGES.emailTooLong:
        return emailRef;
      case REGISTRATION_MESSAGES.nameTooShort:
      case REGISTRATION_MESSAGES.nameTooLong:
        return nameRef;
      default:
        return emailRef;
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const field = (key: string) => String(form.get(key) ?? '');
    const registration = {
      name: field('name').trim(),
      email: field('email').trim(),
      password: field('password'),
      confirmPassword: field('confirmPassword'),
    };
    const invalid = validateRegistration(registration);
    if (invalid) {
      setFormError(invalid);
      fieldOf(invalid).current?.focus();
      return;
    }
    setFormError(null);
    setSubmitting(true);
    const outcome = await register(registration);
    if (outcome.ok) {
      navigate(redirectTo, { replace: true });
      return;
    }
    setSubmitting(false);
    const retry = fieldOf(outcome.error);
    requestAnimationFrame(() => retry.current?.focus());
  };

  const mismatch =
    confirmPassword.length > 0 && confirmPassword !== password ? t('register.validation.passwordsDoNotMatch') : null;
  const message =
    (formError && inOwnWords(formError)) ?? (status === 'error' ? error : null) ?? (submitting ? null : serverError);

  return (
    <>
      <StyledAuthForm method="post" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <AuthenticityTokenInput />
        <FormAlert>{message}</FormAlert>
        <StyledFieldset disabled={busy}>
          <TextField ref={nameRef} label={t('register.fullName')} name="name" autoComplete="name" required />
          <TextField
            ref={emailRef}
            label={t('register.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
          />
          <PasswordField
            ref={passwordRef}
            label={t('register.password')}
            name="password"
            autoComplete="new-password"
            required
            onChange={(event) => setPassword(event.target.value)}
            hint={<PasswordStrengthMeter password={password} />}
          />
          <PasswordField
            ref={confirmRef}
            label={t('register.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            required
            onChange={(event) => setConfirmPassword(event.target.value)}
            error={mismatch}
          />
          <Button type="submit" fullWidth busy={submitting}>
            {submitting ? t('register.creating') : t('register.create')}
          </Button>
        </StyledFieldset>
      </StyledAuthForm>
      <StyledSwitchLine>
        <Trans
          t={t}
          i18nKey="register.haveAccount"
          components={{ signin: <Link to={authPageHref('/login', redirectTo)} /> }}
        />
      </StyledSwitchLine>
    </>
  );
}
