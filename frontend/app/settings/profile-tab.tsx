import type { UserView } from '@docent/common/api';
import { FIELD_LIMITS } from '@docent/common/validation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '~/auth/auth-context';
import { Button, FormAlert, PasswordField, TextField } from '~/components/forms';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { useNotify } from '~/notifications/notifications-context';
import { StyledActions, StyledForm, StyledTabContent } from './settings-layout';
import { useSettingsAction } from './use-settings-action';

/** Full name, email and avatar URL (PUT /api/auth/profile), and the password. */
export function ProfileTab({ user }: { user: UserView }) {
  return (
    <StyledTabContent>
      <ProfileForm user={user} />
      <PasswordForm />
    </StyledTabContent>
  );
}

function ProfileForm({ user }: { user: UserView }) {
  const titleId = useId();
  const notify = useNotify();
  const { t } = useTranslation('settings');
  const { profileUpdated } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const action = useSettingsAction('profile', (outcome) => {
    if (outcome.ok && outcome.intent === 'update-profile') {
      setError(null);
      profileUpdated(outcome.user);
      notify({ type: 'success', title: t('profile.updated') });
    } else if (!outcome.ok) {
      setError(outcome.error);
      notify({ type: 'error', title: t('profile.updateFailed'), message: outcome.error });
    }
  });

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    action.submit({
      intent: 'update-profile',
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      avatar: String(form.get('avatar') ?? ''),
    });
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('profile.title')} titleId={titleId} description={t('profile.description')} />
      <CardBody>
        <StyledForm onSubmit={save} noValidate>
          <TextField
            label={t('profile.fullName')}
            name="name"
            defaultValue={user.name}
            autoComplete="name"
            maxLength={FIELD_LIMITS.nameMaxLength}
            required
          />
          <TextField
            label={t('profile.email')}
            name="email"
            type="email"
            defaultValue={user.email}
            autoComplete="email"
            maxLength={FIELD_LIMITS.emailMaxLength}
            required
          />
          <TextField
            label={t('profile.avatar')}
            name="avatar"
            type="url"
            defaultValue={user.avatar ?? ''}
            maxLength={FIELD_LIMITS.avatarUrlMaxLength}
            hint={t('profile.avatarHint')}
          />
          {error && <FormAlert>{error}</FormAlert>}
          <StyledActions>
            <Button type="submit" disabled={action.busy} busy={action.busy}>
              {t('profile.save')}
            </Button>
          </StyledActions>
        </StyledForm>
      </CardBody>
    </Card>
  );
}

function PasswordForm() {
  const titleId = useId();
  const notify = useNotify();
  const { t } = useTranslation('settings');
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const action = useSettingsAction('password', (outcome) => {
    if (outcome.ok && outcome.intent === 'change-password') {
      setError(null);
      formRef.current?.reset();
      notify({
        type: 'security',
        title: t('password.changed'),
        message:
          outcome.sessionsEnded === 0
            ? t('password.noOtherSessions')
            : t('password.sessionsEnded', { count: outcome.sessionsEnded }),
      });
    } else if (!outcome.ok) {
      setError(outcome.error);
    }
  });

  const change = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    action.submit({
      intent: 'change-password',
      currentPassword: String(form.get('currentPassword') ?? ''),
      newPassword: String(form.get('newPassword') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
    });
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('password.title')} titleId={titleId} description={t('password.description')} />
      <CardBody>
        <StyledForm ref={formRef} onSubmit={change} noValidate>
          <PasswordField label={t('password.current')} name="currentPassword" autoComplete="current-password" />
          <PasswordField
            label={t('password.new')}
            name="newPassword"
            autoComplete="new-password"
            hint={t('password.newHint', { count: FIELD_LIMITS.passwordMinLength })}
          />
          <PasswordField label={t('password.confirm')} name="confirmPassword" autoComplete="new-password" />
          {error && <FormAlert>{error}</FormAlert>}
          <StyledActions>
            <Button type="submit" disabled={action.busy} busy={action.busy}>
              {t('password.submit')}
            </Button>
          </StyledActions>
        </StyledForm>
      </CardBody>
    </Card>
  );
}
