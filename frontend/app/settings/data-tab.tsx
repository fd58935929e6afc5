import { backupFileSchema, INVALID_BACKUP_FILE, type BackupResponse } from '@docent/common/settings';
import { checkRequest } from '@docent/common/validation';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '~/components/forms';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { fetchRouteJson } from '~/lib/route-json';
import { useNotify } from '~/notifications/notifications-context';
import { backupFileName, BOOKMARKS_STORAGE_KEY, bookmarksToStore, withBrowserBookmarks } from './local-data';
import { StyledActions, StyledMuted, StyledTabContent } from './settings-layout';
import { useSettingsAction } from './use-settings-action';

interface DataTabProps {
  onSync: () => void;
  syncing: boolean;
}

/** The user's backup file: exported from the server's data (and this browser's bookmarks), imported back. */
export function DataTab({ onSync, syncing }: DataTabProps) {
  const titleId = useId();
  const notify = useNotify();
  const fileInput = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const importing = useSettingsAction('import-backup', (outcome) => {
    if (outcome.ok && outcome.intent === 'import-backup') {
      notify({
        type: 'success',
        title: 'Data imported successfully',
        message:
          outcome.documentsSkipped.length > 0
            ? `${outcome.documentsSkipped.length} document(s) in the file are gone or not yours to change: left alone.`
            : undefined,
      });
      // Spec section 4: a successful import reloads the page.
      window.location.reload();
    } else if (!outcome.ok) {
      notify({
        type: 'error',
        title: outcome.error === INVALID_BACKUP_FILE ? INVALID_BACKUP_FILE : 'Failed to import data',
        message: outcome.error === INVALID_BACKUP_FILE ? undefined : outcome.error,
      });
    }
  });

  const exportData = async () => {
    setExporting(true);
    try {
      const { backup } = await fetchRouteJson<BackupResponse>('/settings/backup');
      const file = withBrowserBookmarks(backup, window.localStorage.getItem(BOOKMARKS_STORAGE_KEY));
      const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = backupFileName(new Date());
      link.click();
      URL.revokeObjectURL(url);
      notify({ type: 'success', title: 'Data exported successfully' });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Failed to export data',
        message: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setExporting(false);
    }
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      parsed = undefined;
    }
    const checked = checkRequest(backupFileSchema, parsed);
    if (!checked.ok) {
      notify({ type: 'error', title: INVALID_BACKUP_FILE });
      return;
    }
    // The browser's part of the file: the server applies the rest, all of it or nothing.
    window.localStorage.setItem(BOOKMARKS_STORAGE_KEY, bookmarksToStore(checked.value.bookmarks));
    importing.submit({ intent: 'import-backup', backup: JSON.stringify(parsed) });
  };

  return (
    <StyledTabContent>
      <Card aria-labelledby={titleId}>
        <CardHeader
          title="Your data"
          titleId={titleId}
          description="A backup file holds your preferences, the metadata of your documents, your search and chat history, and this browser's bookmarks."
        />
        <CardBody>
          <StyledActions>
            <Button onClick={() => void exportData()} disabled={exporting} busy={exporting}>
              Export Data
            </Button>
            <Button
              variant="secondary"
              onClick={() => fileInput.current?.click()}
              disabled={importing.busy}
              busy={importing.busy}
            >
              Import Data
            </Button>
            <Button variant="secondary" onClick={onSync} disabled={syncing} busy={syncing}>
              Sync
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              aria-label="Backup file to import"
              hidden
              onChange={(event) => void importFile(event)}
            />
          </StyledActions>
          <StyledMuted>
            Importing sets your preferences, your documents&apos; metadata and your search history as the file has them,
            all or nothing, and restores its bookmarks in this browser. Your chat sessions stay as the server recorded
            them.
          </StyledMuted>
        </CardBody>
      </Card>
    </StyledTabContent>
  );
}
