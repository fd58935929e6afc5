import type { ApiKeyView, UserView } from '@docent/common/api';
import { hasPermission, PERMISSION_DESCRIPTIONS, permissionsOf } from '@docent/common/permissions';
import type { SessionView } from '@docent/common/settings';
import { FIELD_LIMITS, validateApiKeyName } from '@docent/common/validation';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, TextField } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { DateTime } from '~/components/ui/date-time';
import { actorOf } from '~/lib/user';
import { useNotify } from '~/notifications/notifications-context';
import { StyledActions, StyledForm, StyledMuted, StyledRows, StyledRowText, StyledTabContent } from './settings-layout';
import { useSettingsAction } from './use-settings-action';

interface SecurityTabProps {
  user: UserView;
  /** Null without api_keys:read. */
  apiKeys: ApiKeyView[] | null;
  sessions: SessionView[];
}

/** API keys, sessions, and what the user's role lets them do. */
export function SecurityTab({ user, apiKeys, sessions }: SecurityTabProps) {
  const actor = actorOf(user);
  const { t } = useTranslation('settings');
  return (
    <StyledTabContent>
      {hasPermission(actor, 'users:manage_roles') && (
        <StyledNotice role="note">
          <strong>{t('security.adminNoticeTitle')}</strong> {t('security.adminNotice')}
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
  const { t } = useTranslation('settings');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyView | null>(null);
  const create = useSettingsAction('create-api-key', (outcome) => {
    if (outcome.ok && outcome.intent === 'create-api-key') {
      setCreated(outcome.apiKey);
      setName('');
      notify({ type: 'success', title: t('security.keyCreated'), message: outcome.apiKey.name });
    } else if (!outcome.ok) {
      notify({ type: 'error', title: t('security.createFailed'), message: outcome.error });
    }
  });
  const remove = useSettingsAction('delete-api-key', (outcome) => {
    if (outcome.ok) notify({ type: 'success', title: t('security.keyDeleted') });
    else notify({ type: 'error', title: t('security.deleteFailed'), message: outcome.error });
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
      notify({ type: 'success', title: t('security.keyCopied') });
    } catch {
      notify({ type: 'error', title: t('security.copyFailed') });
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('security.apiKeys')} titleId={titleId} description={t('security.apiKeysDescription')} />
      <CardBody>
        <StyledSections>
          {canCreate ? (
            <StyledForm onSubmit={submit} noValidate>
              <TextField
                label={t('security.keyName')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                maxLength={FIELD_LIMITS.apiKeyNameMaxLength}
                error={nameError}
                placeholder={t('security.keyNamePlaceholder')}
              />
              <StyledActions>
                <Button type="submit" disabled={create.busy} busy={create.busy}>
                  {create.busy ? t('security.creating') : t('security.createKey')}
                </Button>
              </StyledActions>
            </StyledForm>
          ) : (
            <StyledMuted role="note">{t('security.noCreatePermission')}</StyledMuted>
          )}

          {created && (
            <StyledNewKey role="status" aria-label={t('security.newKey')}>
              <strong>{t('security.copyNow')}</strong>
              <code data-testid="new-api-key">{created.key}</code>
              <StyledActions>
                <Button variant="secondary" onClick={() => void copy(created.key)}>
                  {t('security.copy')}
                </Button>
                <Button variant="ghost" onClick={() => setCreated(null)}>
                  {t('security.done')}
                </Button>
              </StyledActions>
            </StyledNewKey>
          )}

          {apiKeys.length === 0 ? (
            <StyledMuted>{t('security.noKeys')}</StyledMuted>
          ) : (
            <StyledRows aria-label={t('security.yourKeys')}>
              {apiKeys.map((apiKey) => (
                <li key={apiKey.id}>
                  <StyledRowText>
                    <strong>{apiKey.name}</strong>
                    <code>{apiKey.key}</code>
                    <StyledMuted>
                      {t('security.created')} <DateTime value={apiKey.created} />
                      {' · '}
                      {apiKey.lastUsed ? (
                        <>
                          {t('security.lastUsed')} <DateTime value={apiKey.lastUsed} />
                        </>
                      ) : (
                        t('security.neverUsed')
                      )}
                    </StyledMuted>
                  </StyledRowText>
                  {canDelete && (
                    <Button
                      variant="secondary"
                      aria-label={t('security.deleteKey', { name: apiKey.name })}
                      disabled={remove.busy}
                      onClick={() => remove.submit({ intent: 'delete-api-key', keyId: apiKey.id })}
                    >
                      {t('security.delete')}
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
  const { t } = useTranslation('settings');
  const revoke = useSettingsAction('revoke-session', (outcome) => {
    if (outcome.ok) notify({ type: 'security', title: t('security.sessionSignedOut') });
    else notify({ type: 'error', title: t('security.signOutFailed'), message: outcome.error });
  });
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('security.sessions')} titleId={titleId} description={t('security.sessionsDescription')} />
      <CardBody>
        <StyledRows aria-label={t('security.yourSessions')}>
          {sessions.map((session) => (
            <li key={session.id}>
              <StyledRowText>
                <strong>
                  {session.device ?? t('security.unknownDevice')}{' '}
                  {session.current && <Badge $tone="success">{t('security.thisSession')}</Badge>}
                </strong>
                <StyledMuted>
                  {t('security.signedIn')} <DateTime value={session.createdAt} />
                  {t('security.sessionLastUsed')}
                  <DateTime value={session.lastUsedAt} />
                  {' · '}
                  {session.rememberMe ? t('security.remembered') : t('security.endsWhenUnused')}
                  {t('security.endsBy')}
                  <DateTime value={session.expiresAt} />
                </StyledMuted>
              </StyledRowText>
              {!session.current && (
                <Button
                  variant="secondary"
                  disabled={revoke.busy}
                  onClick={() => revoke.submit({ intent: 'revoke-session', sessionId: session.id })}
                >
                  {t('security.signOut')}
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
  const { t } = useTranslation(['settings', 'common']);
  const permissions = permissionsOf(actorOf(user));
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title={t('security.permissions')}
        titleId={titleId}
        description={t('security.permissionsDescription', { role: t(`common:roles.${user.role}`) })}
      />
      <CardBody>
        <StyledRows aria-label={t('security.permissions')}>
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
