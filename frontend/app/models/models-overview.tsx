import { MODEL_STATUSES, type Model, type ModelLimitUsage } from '@docent/common/models';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, StatusDot } from '~/components/ui/badge';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { ProgressBar } from '~/components/ui/progress-bar';
import { NO_FIGURE, STATUS_LABELS, STATUS_TONES, useModelFormat } from './model-format';
import { errorRate, modelAlerts, systemHealth } from './model-insights';
import { ModelStatusBadge } from './model-status-badge';

const HEALTH_BADGES = {
  healthy: { tone: 'success', label: 'overview.healthy' },
  degraded: { tone: 'warning', label: 'overview.degraded' },
  down: { tone: 'danger', label: 'overview.down' },
} as const;

/** Overview: each model's figures, the health its statuses add up to, and what needs attention now. */
export function ModelsOverview({ models, usage }: { models: readonly Model[]; usage: readonly ModelLimitUsage[] }) {
  const performanceId = useId();
  const healthId = useId();
  const alertsId = useId();
  const { t } = useTranslation('models');
  const format = useModelFormat();
  const health = systemHealth(models, t);
  const alerts = modelAlerts(models, usage, t, format);
  const healthBadge = HEALTH_BADGES[health.level];

  return (
    <StyledGrid>
      <StyledWide aria-labelledby={performanceId}>
        <CardHeader
          title={t('overview.performance')}
          titleId={performanceId}
          description={t('overview.performanceDescription')}
        />
        <CardBody>
          {models.length === 0 ? (
            <StyledMuted>{t('noModels')}</StyledMuted>
          ) : (
            <StyledList>
              {models.map((model) => {
                const failed = errorRate(model);
                return (
                  <li key={model.id}>
                    <StyledModelHeader>
                      <div>
                        <strong>{model.name}</strong>
                        <StyledMuted>{model.providerName}</StyledMuted>
                      </div>
                      <ModelStatusBadge status={model.status} />
                    </StyledModelHeader>
                    <StyledFigures>
                      <div>
                        <dt>{t('overview.responseTime')}</dt>
                        <dd>{format.modelResponseTime(model.responseTime, model.requests)}</dd>
                      </div>
                      <div>
                        <dt>{t('overview.requests')}</dt>
                        <dd>{format.count(model.requests)}</dd>
                      </div>
                      <div>
                        <dt>{t('overview.errorRate')}</dt>
                        <dd>{failed === null ? NO_FIGURE : format.percent(failed)}</dd>
                      </div>
                      <div>
                        <dt>{t('overview.accuracy')}</dt>
                        <dd>{format.accuracy(model.accuracy)}</dd>
                      </div>
                      <div>
                        <dt>{t('overview.usageShare')}</dt>
                        <dd>{format.percent(model.usage)}</dd>
                      </div>
                    </StyledFigures>
                    <ProgressBar value={model.usage} label={t('overview.usageShareLabel', { model: model.name })} />
                  </li>
                );
              })}
            </StyledList>
          )}
        </CardBody>
      </StyledWide>

      <Card aria-labelledby={healthId}>
        <CardHeader
          title={t('overview.health')}
          titleId={healthId}
          actions={<Badge $tone={healthBadge.tone}>{t(healthBadge.label)}</Badge>}
        />
        <CardBody>
          <p>{health.summary}</p>
          <StyledStatusCounts>
            {MODEL_STATUSES.map((status) => (
              <div key={status}>
                <dt>
                  <StatusDot $tone={STATUS_TONES[status]} aria-hidden="true" /> {t(STATUS_LABELS[status])}
                </dt>
                <dd>{health.counts[status]}</dd>
              </div>
            ))}
          </StyledStatusCounts>
        </CardBody>
      </Card>

      <Card aria-labelledby={alertsId}>
        <CardHeader title={t('overview.alerts')} titleId={alertsId} description={t('overview.alertsDescription')} />
        <CardBody>
          {alerts.length === 0 ? (
            <StyledMuted>{t('overview.noAlerts')}</StyledMuted>
          ) : (
            <StyledAlerts>
              {alerts.map((alert) => (
                <StyledAlert key={alert.key} $severity={alert.severity}>
                  <strong>{alert.title}</strong>
                  <span>{alert.detail}</span>
                </StyledAlert>
              ))}
            </StyledAlerts>
          )}
        </CardBody>
      </Card>
    </StyledGrid>
  );
}

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const StyledWide = styled(Card)`
  grid-column: 1 / -1;
`;

const StyledMuted = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const StyledModelHeader = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};

  strong {
    overflow-wrap: anywhere;
  }
`;

const StyledFigures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr));
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const StyledStatusCounts = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.md} 0 0;

  div {
    display: flex;
    justify-content: space-between;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  dt {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const StyledAlerts = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledAlert = styled.li<{ $severity: 'danger' | 'warning' }>`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-left: 4px solid ${({ theme, $severity }) => theme.color[$severity]};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $severity }) => theme.color[`${$severity}Muted`]};
  font-size: ${({ theme }) => theme.font.size.sm};

  span {
    color: ${({ theme }) => theme.color.text};
  }
`;
