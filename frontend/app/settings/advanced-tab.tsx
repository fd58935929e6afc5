import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button } from '~/components/forms';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { useNotify } from '~/notifications/notifications-context';
import { storageUsageKb } from './local-data';
import { StyledActions, StyledMuted } from './settings-layout';

/** What this app keeps in the browser: how much, and wiping it. */
export function AdvancedTab() {
  const titleId = useId();
  const notify = useNotify();
  // Only the browser knows its storage: measured on each render once hydrated, again after a clear.
  const { t } = useTranslation('settings');
  const hydrated = useHydrated();
  const [, setClears] = useState(0);
  const usageKb = hydrated ? storageUsageKb(window.localStorage) : null;

  const clearLocalStorage = () => {
    window.localStorage.clear();
    setClears((clears) => clears + 1);
    notify({ type: 'success', title: t('advanced.cleared') });
  };

  const resetAppState = () => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    // The page starts again from the server's state alone; the account stays signed in.
    window.location.reload();
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('advanced.title')} titleId={titleId} description={t('advanced.description')} />
      <CardBody>
        <p>
          {t('advanced.storageUsed')}{' '}
          <strong data-testid="storage-usage">
            {usageKb === null ? '…' : t('advanced.kilobytes', { value: usageKb })}
          </strong>
        </p>
        <StyledActions>
          <Button variant="secondary" onClick={clearLocalStorage}>
            {t('advanced.clear')}
          </Button>
          <Button variant="secondary" onClick={resetAppState}>
            {t('advanced.reset')}
          </Button>
        </StyledActions>
        <StyledMuted>{t('advanced.note')}</StyledMuted>
      </CardBody>
    </Card>
  );
}
