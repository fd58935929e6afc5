import type { UserView } from '@docent/common/api';
import { FIELD_LIMITS } from '@docent/common/validation';
import { useId, useRef, useState, type FormEvent } from 'react';
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
  const { profileUpdated } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const action = useSettingsAction('profile', (outcome) => {
    if (outcome.ok && outcome.intent === 'update-profile') {
      setError(null);
      profileUpdated(outcome.user);
      notify({ type: 'success', title: 'Profile updated successfully' });
    } else if (!outcome.ok) {
      setError(outcome.error);
      notify({ type: 'error', title: 'Failed to update profile', message: outcome.error });
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
      <CardHeader title="Profile" titleId={titleId} description="Your name, email address and picture." />
      <CardBody>
        <StyledForm onSubmit={save} noValidate>
          <TextField
            label="Full name"
            name="name"
            defaultValue={user.name}
            autoComplete="name"
            maxLength={FIELD_LIMITS.nameMaxLength}
            required
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            defaultValue={user.email}
            autoComplete="email"
            maxLength={FIELD_LIMITS.emailMaxLength}
            required
          />
          <TextField
            label="Avatar URL"
            name="avatar"
            type="url"
            defaultValue={user.avatar ?? ''}
            maxLength={FIELD_LIMITS.avatarUrlMaxLength}
            hint="An http or https address of a picture; leave empty for none."
          />
          {error && <FormAlert>{error}</FormAlert>}
          <StyledActions>
            <Button type="submit" disabled={action.busy} busy={action.busy}>
              Save Profile
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
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const action = useSettingsAction('password', (outcome) => {
    if (outcome.ok && outcome.intent === 'change-password') {
      setError(null);
      formRef.current?.reset();
      notify({
        type: 'security',
        title: 'Password changed',
        message:
          outcome.sessionsEnded === 0
            ? 'You had no other sessions.'
            : `${outcome.sessionsEnded} other ${outcome.sessionsEnded === 1 ? 'session was' : 'sessions were'} signed out.`,
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
      <CardHeader
        title="Change password"
        titleId={titleId}
        description="Every other session of yours is signed out; this one stays signed in."
      />
      <CardBody>
        <StyledForm ref={formRef} onSubmit={change} noValidate>
          <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" />
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            hint={`At least ${FIELD_LIMITS.passwordMinLength} characters.`}
          />
          <PasswordField label="Confirm new password" name="confirmPassword" autoComplete="new-password" />
          {error && <FormAlert>{error}</FormAlert>}
          <StyledActions>
            <Button type="submit" disabled={action.busy} busy={action.busy}>
              Change Password
            </Button>
          </StyledActions>
        </StyledForm>
      </CardBody>
    </Card>
  );
}
