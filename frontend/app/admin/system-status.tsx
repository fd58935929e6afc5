import type { SystemStatus as Status } from '@docent/common/admin';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge } from '~/components/ui/badge';
import { DateTime } from '~/components/ui/date-time';
import { StatCard, StatCardGrid } from '~/components/ui/stat-card';
import { useAdminFormat } from './admin-format';
import { StyledEmpty } from './admin-table';

/** The System Status tab: the host and the server process as measured now, and the alerts real conditions raise. */
export function SystemStatus({ status }: { status: Status }) {
  const { cpu, memory, disk, network } = status;
  const { t, i18n } = useTranslation('admin');
  const format = useAdminFormat();
  const figure = (value: number) => value.toLocaleString(i18n.language);
  return (
    <>
      <StatCardGrid label={t('status.figures')} minCardWidth="13rem">
        <StatCard
          label={t('status.cpu')}
          value={format.percentOrDash(cpu.usagePercent)}
          detail={t('status.cpuDetail', { cores: figure(cpu.cores), load: cpu.loadAverage.map(figure).join(' / ') })}
          tone="primary"
        />
        <StatCard
          label={t('status.memory')}
          value={format.percent(memory.usedPercent)}
          detail={t('status.memoryDetail', {
            used: format.bytes(memory.totalBytes - memory.freeBytes),
            total: format.bytes(memory.totalBytes),
            server: format.bytes(memory.process.rssBytes),
          })}
          tone="info"
        />
        <StatCard
          label={t('status.disk')}
          value={disk ? format.percent(disk.usedPercent) : '—'}
          detail={
            disk
              ? t('status.diskDetail', { free: format.bytes(disk.freeBytes), total: format.bytes(disk.totalBytes) })
              : t('status.notMeasurable')
          }
          tone={disk && disk.usedPercent > 90 ? 'danger' : 'success'}
        />
        <StatCard
          label={t('status.network')}
          value={network ? t('status.interfaces', { number: figure(network.interfaces) }) : '—'}
          detail={
            network?.receivedBytes !== undefined && network.sentBytes !== undefined
              ? t('status.traffic', {
                  received: format.bytes(network.receivedBytes),
                  sent: format.bytes(network.sentBytes),
                })
              : t('status.noTraffic')
          }
          tone="neutral"
        />
      </StatCardGrid>
      <p>
        {t('status.process', { uptime: format.uptime(status.process.uptimeSeconds), node: status.process.nodeVersion })}{' '}
        <DateTime value={status.measuredAt} />
      </p>
      <h2>{t('status.alerts')}</h2>
      {status.alerts.length === 0 ? (
        <StyledEmpty>{t('status.noAlerts')}</StyledEmpty>
      ) : (
        <StyledAlerts>
          {status.alerts.map((alert) => (
            <li key={alert.kind}>
              <Badge $tone={alert.severity === 'error' ? 'danger' : 'warning'}>
                {alert.severity === 'error' ? t('status.error') : t('status.warning')}
              </Badge>{' '}
              {alert.message}
            </li>
          ))}
        </StyledAlerts>
      )}
    </>
  );
}

const StyledAlerts = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0;
  list-style: none;
`;
