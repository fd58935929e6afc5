import type { ServiceState, SystemService } from '@docent/common/admin';
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Dialog } from '~/components/ui/dialog';
import { DownloadLinkButton } from '~/components/ui/link-button';
import { restartForm } from './admin-action-form';
import { ADMIN_ACTION_FETCHER, type AdminActionResult } from './admin-actions';
import { useAdminFormat } from './admin-format';
import { StyledDataTable, StyledTableScroller } from '~/components/ui/data-table';
import { StyledEmpty, StyledMuted } from './admin-table';

const STATE_TONES: Record<ServiceState, BadgeTone> = { ready: 'success', degraded: 'warning', unavailable: 'danger' };

const StyledBackup = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

/** What a component reports beyond its status, in a line: 'lag activity 0, queue 2'. */
function detailText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) =>
      value !== null && typeof value === 'object'
        ? `${key}: ${Object.entries(value)
            .map(([inner, innerValue]) => `${inner} ${String(innerValue)}`)
            .join(', ')}`
        : `${key}: ${String(value)}`,
    )
    .join(' · ');
}

interface SystemServicesProps {
  services: readonly SystemService[];
  /** system:configure: the Restart buttons. */
  canRestart: boolean;
  /** system:backup: the instance backup download. */
  canBackUp: boolean;
}

/** The System Services tab: the server's components as they report themselves. */
export function SystemServices({ services, canRestart, canBackUp }: SystemServicesProps) {
  const csrf = useAuthenticityToken();
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const fetcher = useFetcher<AdminActionResult>({ key: ADMIN_ACTION_FETCHER });
  const [confirming, setConfirming] = useState<SystemService | null>(null);
  const busy = fetcher.state !== 'idle';

  return (
    <>
      {canBackUp && (
        <StyledBackup aria-labelledby="instance-backup-heading">
          <h2 id="instance-backup-heading">{t('services.backupTitle')}</h2>
          <p>
            <Trans t={t} i18nKey="services.backupDescription" components={{ code: <code /> }} />
          </p>
          <DownloadLinkButton href="/admin/backup" download>
            {t('services.downloadBackup')}
          </DownloadLinkButton>
        </StyledBackup>
      )}
      {services.length === 0 ? (
        <StyledEmpty>{t('services.empty')}</StyledEmpty>
      ) : (
        <>
          <p>{t('services.sharedProcess')}</p>
          <StyledTableScroller>
            <StyledDataTable>
              <caption className="visually-hidden">{t('services.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('services.service')}</th>
                  <th scope="col">{t('services.status')}</th>
                  <th scope="col">{t('services.uptime')}</th>
                  <th scope="col" data-numeric>
                    {t('services.memory')}
                  </th>
                  <th scope="col" data-numeric>
                    {t('services.cpu')}
                  </th>
                  {canRestart && <th scope="col">{t('actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {services.map((service) => (
                  <tr key={service.name}>
                    <th scope="row">
                      {service.name}
                      <StyledMuted>{service.message ?? detailText(service.details)}</StyledMuted>
                    </th>
                    <td>
                      <Badge $tone={STATE_TONES[service.status]}>{t(`services.states.${service.status}`)}</Badge>
                    </td>
                    <td>{format.uptime(service.uptimeSeconds)}</td>
                    <td data-numeric>{format.bytes(service.resources.memoryBytes)}</td>
                    <td data-numeric>{format.percentOrDash(service.resources.cpuPercent)}</td>
                    {canRestart && (
                      <td>
                        {service.restartable ? (
                          <Button
                            variant="secondary"
                            disabled={busy}
                            aria-label={t('services.restartLabel', { name: service.name })}
                            onClick={() => setConfirming(service)}
                          >
                            {t('services.restart')}
                          </Button>
                        ) : (
                          <StyledMuted>{t('services.cannotRestart')}</StyledMuted>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </StyledDataTable>
          </StyledTableScroller>
        </>
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? t('services.restartLabel', { name: confirming.name }) : ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('cancel')}
            </Button>
            <Button
              onClick={() => {
                if (confirming)
                  fetcher.submit({ ...restartForm(confirming.name), csrf }, { method: 'post', action: '/admin' });
                setConfirming(null);
              }}
            >
              {t('services.restart')}
            </Button>
          </>
        }
      >
        <p>{confirming && t('services.restartNotice', { name: confirming.name })}</p>
      </Dialog>
    </>
  );
}
