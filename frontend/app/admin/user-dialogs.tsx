import { createUserSchema, INVITE_LIFETIME_DAYS, inviteUserSchema } from '@docent/common/admin';
import { ROLES, type Role } from '@docent/common/permissions';
import { checkRequest } from '@docent/common/validation';
import { useFetcher } from '@remix-run/react';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { Button, FormAlert, PasswordField, TextField } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import { SelectField } from '~/components/ui/select-field';
import { useFetcherAnnouncement } from '~/lib/use-fetcher-announcement';
import { createUserForm, inviteUserForm } from './admin-action-form';
import { adminAnnouncement, type AdminActionResult } from './admin-actions';

interface DialogProps {
  /** A fetcher of this opening's own: its answer belongs to this dialog and to no earlier one. */
  fetcherKey: string;
  onClose: () => void;
}

/** This dialog's answer once it has come, the problem to show (the form's own check first), and whether it is busy. */
function useDialogAnswer(fetcherKey: string) {
  const { t } = useTranslation('admin');
  const fetcher = useFetcher<AdminActionResult>({ key: fetcherKey });
  const announce = useCallback((result: AdminActionResult) => adminAnnouncement(result, t), [t]);
  useFetcherAnnouncement<AdminActionResult>(fetcherKey, announce);
  const [invalid, setInvalid] = useState<string | null>(null);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const problem = invalid ?? (answer && !answer.ok ? answer.error : null);
  return { fetcher, answer, problem, setInvalid, busy: fetcher.state !== 'idle' };
}

/** An administrator opens an account with a first password to hand over. Shown while mounted. */
export function CreateUserDialog({ fetcherKey, onClose }: DialogProps) {
  const csrf = useAuthenticityToken();
  const { t } = useTranslation('admin');
  const { fetcher, answer, problem, setInvalid, busy } = useDialogAnswer(fetcherKey);
  const [fields, setFields] = useState({ name: '', email: '', role: 'user' as Role, password: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRequest(createUserSchema, fields);
    setInvalid(checked.ok ? null : checked.error);
    if (checked.ok) fetcher.submit({ ...createUserForm(checked.value), csrf }, { method: 'post', action: '/admin' });
  };

  if (answer?.ok) {
    return (
      <Dialog
        open
        onClose={onClose}
        title={t('dialogs.createTitle')}
        footer={<Button onClick={onClose}>{t('done')}</Button>}
      >
        <p role="status">{t('dialogs.created', { name: answer.subject })}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('dialogs.createTitle')}
      description={t('dialogs.createDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="create-user-form" busy={busy} disabled={busy}>
            {t('dialogs.createTitle')}
          </Button>
        </>
      }
    >
      <form id="create-user-form" onSubmit={onSubmit} noValidate>
        <FormAlert>{problem}</FormAlert>
        <TextField
          label={t('dialogs.fullName')}
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
          autoComplete="off"
        />
        <TextField
          label={t('dialogs.email')}
          type="email"
          value={fields.email}
          onChange={(event) => setFields({ ...fields, email: event.target.value })}
          autoComplete="off"
        />
        <RoleField value={fields.role} onChange={(role) => setFields({ ...fields, role })} />
        <PasswordField
          label={t('dialogs.firstPassword')}
          value={fields.password}
          onChange={(event) => setFields({ ...fields, password: event.target.value })}
          autoComplete="new-password"
        />
      </form>
    </Dialog>
  );
}

/** A one-time invite link for an email and role, shown once to copy. Shown while mounted. */
export function InviteUserDialog({ fetcherKey, onClose }: DialogProps) {
  const csrf = useAuthenticityToken();
  const { t } = useTranslation('admin');
  const { fetcher, answer, problem, setInvalid, busy } = useDialogAnswer(fetcherKey);
  const [fields, setFields] = useState({ email: '', role: 'user' as Role });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRequest(inviteUserSchema, fields);
    setInvalid(checked.ok ? null : checked.error);
    if (checked.ok) fetcher.submit({ ...inviteUserForm(checked.value), csrf }, { method: 'post', action: '/admin' });
  };

  if (answer?.ok && answer.invite) {
    const link = new URL(answer.invite.acceptPath, window.location.origin).href;
    return (
      <Dialog
        open
        onClose={onClose}
        title={t('dialogs.inviteTitle')}
        footer={<Button onClick={onClose}>{t('done')}</Button>}
      >
        <TextField label={t('dialogs.inviteLink')} value={link} readOnly onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(link)}>
          {t('dialogs.copyLink')}
        </Button>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('dialogs.inviteTitle')}
      description={t('dialogs.inviteDescription', { count: INVITE_LIFETIME_DAYS })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="invite-user-form" busy={busy} disabled={busy}>
            {t('dialogs.createInvite')}
          </Button>
        </>
      }
    >
      <form id="invite-user-form" onSubmit={onSubmit} noValidate>
        <FormAlert>{problem}</FormAlert>
        <TextField
          label={t('dialogs.email')}
          type="email"
          value={fields.email}
          onChange={(event) => setFields({ ...fields, email: event.target.value })}
          autoComplete="off"
        />
        <RoleField value={fields.role} onChange={(role) => setFields({ ...fields, role })} />
      </form>
    </Dialog>
  );
}

function RoleField({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <SelectField label={t('dialogs.role')} value={value} onChange={(event) => onChange(event.target.value as Role)}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`common:roles.${role}`)}
        </option>
      ))}
    </SelectField>
  );
}
