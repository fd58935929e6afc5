import { backupFileSchema, INVALID_BACKUP_FILE, type BackupResponse } from '@docent/common/settings';
import { checkRequest } from '@docent/common/validation';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('settings');
  const fileInput = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const importing = useSettingsAction('import-backup', (outcome) => {
    if (outcome.ok && outcome.intent === 'import-backup') {
      notify({
        type: 'success',
        title: t('data.imported'),
        message:
          outcome.documentsSkipped.length > 0
            ? t('data.documentsSkipped', { count: outcome.documentsSkipped.length })
            : undefined,
      });
      // Spec section 4: a successful import reloads the page.
      window.location.reload();
    } else if (!outcome.ok) {
      notify({
        type: 'error',
        title: outcome.error === INVALID_BACKUP_FILE ? t('data.invalidFile') : t('data.importFailed'),
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
      notify({ type: 'success', title: t('data.exported') });
    } catch (error) {
      notify({
        type: 'error',
        title: t('data.exportFailed'),
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
      notify({ type: 'error', title: t('data.invalidFile') });
      return;
    }
    // The browser's part of the file: the server applies the rest, all of it or nothing.
    window.localStorage.setItem(BOOKMARKS_STORAGE_KEY, bookmarksToStore(checked.value.bookmarks));
    importing.submit({ intent: 'import-backup', backup: JSON.stringify(parsed) });
  };

  return (
    <StyledTabContent>
      <Card aria-labelledby={titleId}>
        <CardHeader title={t('data.title')} titleId={titleId} description={t('data.description')} />
        <CardBody>
          <StyledActions>
            <Button onClick={() => void exportData()} disabled={exporting} busy={exporting}>
              {t('data.export')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => fileInput.current?.click()}
              disabled={importing.busy}
              busy={importing.busy}
            >
              {t('data.import')}
            </Button>
            <Button variant="secondary" onClick={onSync} disabled={syncing} busy={syncing}>
              {t('data.sync')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              aria-label={t('data.fileToImport')}
              hidden
              onChange={(event) => void importFile(event)}
            />
          </StyledActions>
          <StyledMuted>{t('data.importNote')}</StyledMuted>
        </CardBody>
      </Card>
    </StyledTabContent>
  );
}
