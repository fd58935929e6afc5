import { createUserSchema, INVITE_LIFETIME_DAYS, inviteUserSchema } from '@docent/common/admin';
import { ROLE_DISPLAY_NAMES, ROLES, type Role } from '@docent/common/permissions';
import { checkRequest } from '@docent/common/validation';
import { useFetcher } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
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
  const fetcher = useFetcher<AdminActionResult>({ key: fetcherKey });
  useFetcherAnnouncement<AdminActionResult>(fetcherKey, adminAnnouncement);
  const [invalid, setInvalid] = useState<string | null>(null);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const problem = invalid ?? (answer && !answer.ok ? answer.error : null);
  return { fetcher, answer, problem, setInvalid, busy: fetcher.state !== 'idle' };
}

/** An administrator opens an account with a first password to hand over. Shown while mounted. */
export function CreateUserDialog({ fetcherKey, onClose }: DialogProps) {
  const csrf = useAuthenticityToken();
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
      <Dialog open onClose={onClose} title="Create User" footer={<Button onClick={onClose}>Done</Button>}>
        <p role="status">{answer.subject}&apos;s account is ready: they sign in with the password you set.</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Create User"
      description="The account can sign in at once with the password you set; hand it over safely."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="create-user-form" busy={busy} disabled={busy}>
            Create User
          </Button>
        </>
      }
    >
      <form id="create-user-form" onSubmit={onSubmit} noValidate>
        <FormAlert>{problem}</FormAlert>
        <TextField
          label="Full name"
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
          autoComplete="off"
        />
        <TextField
          label="Email"
          type="email"
          value={fields.email}
          onChange={(event) => setFields({ ...fields, email: event.target.value })}
          autoComplete="off"
        />
        <RoleField value={fields.role} onChange={(role) => setFields({ ...fields, role })} />
        <PasswordField
          label="First password"
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
      <Dialog open onClose={onClose} title="Invite User" footer={<Button onClick={onClose}>Done</Button>}>
        <TextField label="Invite link (shown once)" value={link} readOnly onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(link)}>
          Copy link
        </Button>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Invite User"
      description={`The link works once, for ${INVITE_LIFETIME_DAYS} days, and opens an account with this email and role.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="invite-user-form" busy={busy} disabled={busy}>
            Create Invite Link
          </Button>
        </>
      }
    >
      <form id="invite-user-form" onSubmit={onSubmit} noValidate>
        <FormAlert>{problem}</FormAlert>
        <TextField
          label="Email"
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
  return (
    <SelectField label="Role" value={value} onChange={(event) => onChange(event.target.value as Role)}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_DISPLAY_NAMES[role]}
        </option>
      ))}
    </SelectField>
  );
}
