import { useId, useState } from 'react';
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
  const hydrated = useHydrated();
  const [, setClears] = useState(0);
  const usageKb = hydrated ? storageUsageKb(window.localStorage) : null;

  const clearLocalStorage = () => {
    window.localStorage.clear();
    setClears((clears) => clears + 1);
    notify({ type: 'success', title: 'Local storage cleared' });
  };

  const resetAppState = () => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    // The page starts again from the server's state alone; the account stays signed in.
    window.location.reload();
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title="Browser storage"
        titleId={titleId}
        description="Bookmarks, notifications and their settings are kept in this browser only."
      />
      <CardBody>
        <p>
          Storage used: <strong data-testid="storage-usage">{usageKb === null ? '…' : `${usageKb} KB`}</strong>
        </p>
        <StyledActions>
          <Button variant="secondary" onClick={clearLocalStorage}>
            Clear Local Storage
          </Button>
          <Button variant="secondary" onClick={resetAppState}>
            Reset App State
          </Button>
        </StyledActions>
        <StyledMuted>
          Clearing removes this browser&apos;s bookmarks, notifications and notification settings. Resetting also
          forgets this tab&apos;s state and reloads the page. Neither signs you out or changes anything on the server.
        </StyledMuted>
      </CardBody>
    </Card>
  );
}
