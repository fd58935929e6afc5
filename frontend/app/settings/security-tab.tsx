import type { ApiKeyView, UserView } from '@docent/common/api';
import { hasPermission, PERMISSION_DESCRIPTIONS, permissionsOf, ROLE_DISPLAY_NAMES } from '@docent/common/permissions';
import type { SessionView } from '@docent/common/settings';
import { FIELD_LIMITS, validateApiKeyName } from '@docent/common/validation';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, TextField } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { DateTime } from '~/components/ui/date-time';
import { actorOf } from '~/lib/user';
import { useNotify } from '~/notifications/notifications-context';
import { StyledActions, StyledForm, StyledMuted, StyledRows, StyledRowText, StyledTabContent } from './settings-layout';
import { useSettingsAction } from './use-settings-action';

export const NO_API_KEY_CREATE_PERMISSION =
  "You don't have permission to create API keys. Contact your administrator for access.";

interface SecurityTabProps {
  user: UserView;
  /** Null without api_keys:read. */
  apiKeys: ApiKeyView[] | null;
  sessions: SessionView[];
}

/** API keys, sessions, and what the user's role lets them do. */
export function SecurityTab({ user, apiKeys, sessions }: SecurityTabProps) {
  const actor = actorOf(user);
  return (
    <StyledTabContent>
      {hasPermission(actor, 'users:manage_roles') && (
        <StyledNotice role="note">
          <strong>Administrator access.</strong> You can manage users, their roles and the system. Changes you make
          there apply to everyone.
        </StyledNotice>
      )}
      {apiKeys && (
        <ApiKeysCard
          apiKeys={apiKeys}
          canCreate={hasPermission(actor, 'api_keys:create')}
          canDelete={hasPermission(actor, 'api_keys:delete')}
        />
      )}
      <SessionsCard sessions={sessions} />
      <PermissionsCard user={user} />
    </StyledTabContent>
  );
}

function ApiKeysCard({
  apiKeys,
  canCreate,
  canDelete,
}: {
  apiKeys: ApiKeyView[];
  canCreate: boolean;
  canDelete: boolean;
}) {
  const titleId = useId();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyView | null>(null);
  const create = useSettingsAction('create-api-key', (outcome) => {
    if (outcome.ok && outcome.intent === 'create-api-key') {
      setCreated(outcome.apiKey);
      setName('');
      notify({ type: 'success', title: 'API key created successfully', message: outcome.apiKey.name });
    } else if (!outcome.ok) {
      notify({ type: 'error', title: 'Failed to create API key', message: outcome.error });
    }
  });
  const remove = useSettingsAction('delete-api-key', (outcome) => {
    if (outcome.ok) notify({ type: 'success', title: 'API key deleted successfully' });
    else notify({ type: 'error', title: 'Failed to delete API key', message: outcome.error });
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateApiKeyName(name);
    setNameError(problem);
    if (problem) {
      notify({ type: 'error', title: problem });
      return;
    }
    setCreated(null);
    create.submit({ intent: 'create-api-key', name });
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      notify({ type: 'success', title: 'API key copied to clipboard' });
    } catch {
      notify({ type: 'error', title: 'Copying failed: select the key and copy it yourself' });
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title="API keys"
        titleId={titleId}
        description="Keys let scripts call the API as you: send one as 'Authorization: Bearer <key>'."
      />
      <CardBody>
        <StyledSections>
          {canCreate ? (
            <StyledForm onSubmit={submit} noValidate>
              <TextField
                label="Key name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                maxLength={FIELD_LIMITS.apiKeyNameMaxLength}
                error={nameError}
                placeholder="CI pipeline"
              />
              <StyledActions>
                <Button type="submit" disabled={create.busy} busy={create.busy}>
                  {create.busy ? 'Creating...' : 'Create API Key'}
                </Button>
              </StyledActions>
            </StyledForm>
          ) : (
            <StyledMuted role="note">{NO_API_KEY_CREATE_PERMISSION}</StyledMuted>
          )}

          {created && (
            <StyledNewKey role="status" aria-label="New API key">
              <strong>Copy your new key now: it is not shown again.</strong>
              <code data-testid="new-api-key">{created.key}</code>
              <StyledActions>
                <Button variant="secondary" onClick={() => void copy(created.key)}>
                  Copy
                </Button>
                <Button variant="ghost" onClick={() => setCreated(null)}>
                  Done
                </Button>
              </StyledActions>
            </StyledNewKey>
          )}

          {apiKeys.length === 0 ? (
            <StyledMuted>No API keys yet.</StyledMuted>
          ) : (
            <StyledRows aria-label="Your API keys">
              {apiKeys.map((apiKey) => (
                <li key={apiKey.id}>
                  <StyledRowText>
                    <strong>{apiKey.name}</strong>
                    <code>{apiKey.key}</code>
                    <StyledMuted>
                      Created <DateTime value={apiKey.created} />
                      {' · '}
                      {apiKey.lastUsed ? (
                        <>
                          last used <DateTime value={apiKey.lastUsed} />
                        </>
                      ) : (
                        'never used'
                      )}
                    </StyledMuted>
                  </StyledRowText>
                  {canDelete && (
                    <Button
                      variant="secondary"
                      aria-label={`Delete API key ${apiKey.name}`}
                      disabled={remove.busy}
                      onClick={() => remove.submit({ intent: 'delete-api-key', keyId: apiKey.id })}
                    >
                      Delete
                    </Button>
                  )}
                </li>
              ))}
            </StyledRows>
          )}
        </StyledSections>
      </CardBody>
    </Card>
  );
}

function SessionsCard({ sessions }: { sessions: SessionView[] }) {
  const titleId = useId();
  const notify = useNotify();
  const revoke = useSettingsAction('revoke-session', (outcome) => {
    if (outcome.ok) notify({ type: 'security', title: 'Session signed out' });
    else notify({ type: 'error', title: 'Signing the session out failed', message: outcome.error });
  });
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title="Active sessions"
        titleId={titleId}
        description="Where you are signed in. Sign out any you do not recognise."
      />
      <CardBody>
        <StyledRows aria-label="Your sessions">
          {sessions.map((session) => (
            <li key={session.id}>
              <StyledRowText>
                <strong>
                  {session.device ?? 'Unknown device'} {session.current && <Badge $tone="success">This session</Badge>}
                </strong>
                <StyledMuted>
                  Signed in <DateTime value={session.createdAt} />
                  {' · last used '}
                  <DateTime value={session.lastUsedAt} />
                  {' · '}
                  {session.rememberMe ? 'remembered for 30 days' : 'ends when unused'}
                  {' · ends by '}
                  <DateTime value={session.expiresAt} />
                </StyledMuted>
              </StyledRowText>
              {!session.current && (
                <Button
                  variant="secondary"
                  disabled={revoke.busy}
                  onClick={() => revoke.submit({ intent: 'revoke-session', sessionId: session.id })}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </StyledRows>
      </CardBody>
    </Card>
  );
}

function PermissionsCard({ user }: { user: UserView }) {
  const titleId = useId();
  const permissions = permissionsOf(actorOf(user));
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title="Your permissions"
        titleId={titleId}
        description={`What your role, ${ROLE_DISPLAY_NAMES[user.role]}, lets you do.`}
      />
      <CardBody>
        <StyledRows aria-label="Your permissions">
          {permissions.map((permission) => (
            <li key={permission}>
              <StyledRowText>
                <code>{permission}</code>
                <StyledMuted>{PERMISSION_DESCRIPTIONS[permission]}</StyledMuted>
              </StyledRowText>
            </li>
          ))}
        </StyledRows>
      </CardBody>
    </Card>
  );
}

const StyledSections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const StyledNotice = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primaryMuted};
`;

const StyledNewKey = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  code {
    font-family: ${({ theme }) => theme.font.mono};
    overflow-wrap: anywhere;
  }
`;
