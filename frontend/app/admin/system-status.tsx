import type { SystemStatus as Status } from '@docent/common/admin';
import styled from 'styled-components';
import { Badge } from '~/components/ui/badge';
import { DateTime } from '~/components/ui/date-time';
import { StatCard, StatCardGrid } from '~/components/ui/stat-card';
import { formatBytes, formatPercentOrDash, formatUptime } from './admin-format';
import { StyledEmpty } from './admin-table';

/** The System Status tab: the host and the server process as measured now, and the alerts real conditions raise. */
export function SystemStatus({ status }: { status: Status }) {
  const { cpu, memory, disk, network } = status;
  return (
    <>
      <StatCardGrid label="System figures" minCardWidth="13rem">
        <StatCard
          label="CPU"
          value={formatPercentOrDash(cpu.usagePercent)}
          detail={`${cpu.cores} cores · load ${cpu.loadAverage.join(' / ')}`}
          tone="primary"
        />
        <StatCard
          label="Memory"
          value={`${memory.usedPercent.toFixed(1)}%`}
          detail={`${formatBytes(memory.totalBytes - memory.freeBytes)} of ${formatBytes(memory.totalBytes)} · server ${formatBytes(memory.process.rssBytes)}`}
          tone="info"
        />
        <StatCard
          label="Disk (data folder)"
          value={disk ? `${disk.usedPercent.toFixed(1)}%` : '—'}
          detail={
            disk ? `${formatBytes(disk.freeBytes)} free of ${formatBytes(disk.totalBytes)}` : 'Not measurable here'
          }
          tone={disk && disk.usedPercent > 90 ? 'danger' : 'success'}
        />
        <StatCard
          label="Network"
          value={network ? `${network.interfaces} interfaces` : '—'}
          detail={
            network?.receivedBytes !== undefined && network.sentBytes !== undefined
              ? `${formatBytes(network.receivedBytes)} in · ${formatBytes(network.sentBytes)} out`
              : 'Traffic not reported by this host'
          }
          tone="neutral"
        />
      </StatCardGrid>
      <p>
        Server process up {formatUptime(status.process.uptimeSeconds)} · Node {status.process.nodeVersion} · measured{' '}
        <DateTime value={status.measuredAt} />
      </p>
      <h2>Alerts</h2>
      {status.alerts.length === 0 ? (
        <StyledEmpty>No alerts: nothing measured needs attention.</StyledEmpty>
      ) : (
        <StyledAlerts>
          {status.alerts.map((alert) => (
            <li key={alert.kind}>
              <Badge $tone={alert.severity === 'error' ? 'danger' : 'warning'}>
                {alert.severity === 'error' ? 'Error' : 'Warning'}
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
