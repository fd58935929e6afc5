import type { ServiceState, SystemService } from '@docent/common/admin';
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Dialog } from '~/components/ui/dialog';
import { DownloadLinkButton } from '~/components/ui/link-button';
import { restartForm } from './admin-action-form';
import { ADMIN_ACTION_FETCHER, type AdminActionResult } from './admin-actions';
import { formatBytes, formatPercentOrDash, formatUptime } from './admin-format';
import { StyledDataTable, StyledTableScroller } from '~/components/ui/data-table';
import { StyledEmpty, StyledMuted } from './admin-table';

const STATE_TONES: Record<ServiceState, BadgeTone> = { ready: 'success', degraded: 'warning', unavailable: 'danger' };
const STATE_LABELS: Record<ServiceState, string> = {
  ready: 'Running',
  degraded: 'Degraded',
  unavailable: 'Unavailable',
};

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
  const fetcher = useFetcher<AdminActionResult>({ key: ADMIN_ACTION_FETCHER });
  const [confirming, setConfirming] = useState<SystemService | null>(null);
  const busy = fetcher.state !== 'idle';

  return (
    <>
      {canBackUp && (
        <StyledBackup aria-labelledby="instance-backup-heading">
          <h2 id="instance-backup-heading">Instance backup</h2>
          <p>
            The event log and every stored original in one archive. Restore it into an empty instance with{' '}
            <code>npm run restore</code>; provider keys stay encrypted in it and come back only with the same
            MODEL_SECRETS_KEY.
          </p>
          <DownloadLinkButton href="/admin/backup" download>
            Download instance backup
          </DownloadLinkButton>
        </StyledBackup>
      )}
      {services.length === 0 ? (
        <StyledEmpty>No components report their status.</StyledEmpty>
      ) : (
        <>
          <p>
            Every component runs in the server&apos;s one process: memory and CPU are that process&apos;s figures,
            shared by all of them.
          </p>
          <StyledTableScroller>
            <StyledDataTable>
              <caption className="visually-hidden">System services</caption>
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">Status</th>
                  <th scope="col">Uptime</th>
                  <th scope="col" data-numeric>
                    Memory (shared process)
                  </th>
                  <th scope="col" data-numeric>
                    CPU (shared process)
                  </th>
                  {canRestart && <th scope="col">Actions</th>}
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
                      <Badge $tone={STATE_TONES[service.status]}>{STATE_LABELS[service.status]}</Badge>
                    </td>
                    <td>{formatUptime(service.uptimeSeconds)}</td>
                    <td data-numeric>{formatBytes(service.resources.memoryBytes)}</td>
                    <td data-numeric>{formatPercentOrDash(service.resources.cpuPercent)}</td>
                    {canRestart && (
                      <td>
                        {service.restartable ? (
                          <Button
                            variant="secondary"
                            disabled={busy}
                            aria-label={`Restart ${service.name}`}
                            onClick={() => setConfirming(service)}
                          >
                            Restart
                          </Button>
                        ) : (
                          <StyledMuted>Cannot be restarted</StyledMuted>
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
        title={confirming ? `Restart ${confirming.name}` : ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                if (confirming)
                  fetcher.submit({ ...restartForm(confirming.name), csrf }, { method: 'post', action: '/admin' });
                setConfirming(null);
              }}
            >
              Restart
            </Button>
          </>
        }
      >
        <p>
          {confirming?.name} restarts in this server process; work in hand finishes first, and the restart is recorded
          in the audit log.
        </p>
      </Dialog>
    </>
  );
}
