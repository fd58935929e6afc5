import { Link } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, StatusDot, type BadgeTone } from '~/components/ui/badge';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { formatRelativeTime } from '~/lib/relative-time';
import type { ActivityItem } from './live-activity';
import type { HealthRow } from './system-health';

export function SystemHealthCard({ rows }: { rows: readonly HealthRow[] }) {
  const titleId = useId();
  const { t } = useTranslation('dashboard');
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('health.title')} titleId={titleId} level={3} />
      <CardBody>
        <StyledList>
          {rows.map((row) => (
            <li key={row.name}>
              <span>{row.name}</span>
              <Badge $tone={row.tone}>{row.state}</Badge>
            </li>
          ))}
        </StyledList>
      </CardBody>
    </Card>
  );
}

const QUICK_ACTIONS = [
  { label: 'quickActions.upload', to: '/documents' },
  { label: 'quickActions.search', to: '/search' },
  { label: 'quickActions.tool', to: '/tools' },
  { label: 'quickActions.models', to: '/models' },
] as const;

export function QuickActionsCard() {
  const titleId = useId();
  const { t } = useTranslation('dashboard');
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('quickActions.title')} titleId={titleId} level={3} />
      <CardBody>
        <StyledActions>
          {QUICK_ACTIONS.map((action) => (
            <li key={action.to}>
              <Link to={action.to}>{t(action.label)}</Link>
            </li>
          ))}
        </StyledActions>
      </CardBody>
    </Card>
  );
}

const ACTIVITY_TONES: Record<ActivityItem['status'], BadgeTone> = {
  success: 'success',
  warning: 'warning',
  error: 'danger',
  info: 'info',
};

/** Relative times move on without a push: refresh them this often. */
const CLOCK_TICK_MS = 30_000;

export function LiveActivityCard({ items }: { items: readonly ActivityItem[] }) {
  const titleId = useId();
  const { t, i18n } = useTranslation('dashboard');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('activity.title')} titleId={titleId} level={3} />
      <CardBody>
        {items.length === 0 ? (
          <StyledEmpty>{t('activity.empty')}</StyledEmpty>
        ) : (
          <StyledActivity aria-label={t('activity.label')}>
            {items.map((item) => (
              <li key={item.id}>
                <StatusDot $tone={ACTIVITY_TONES[item.status]} aria-hidden="true" />
                <div>
                  <strong>{item.title}</strong>
                  <span>{item.description}</span>
                </div>
                <time dateTime={item.timestamp} suppressHydrationWarning>
                  {formatRelativeTime(item.timestamp, now, i18n.language)}
                </time>
                {item.status === 'warning' || item.status === 'error' ? (
                  <span className="visually-hidden">{t(`activity.${item.status}`)}</span>
                ) : null}
              </li>
            ))}
          </StyledActivity>
        )}
      </CardBody>
    </Card>
  );
}

const StyledList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const StyledActions = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: block;
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    color: ${({ theme }) => theme.color.text};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    text-decoration: none;
  }
  a:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
`;

const StyledActivity = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: ${({ theme }) => `0 ${theme.space.sm}`};
  }
  div {
    display: flex;
    flex: 1 1 8rem;
    flex-direction: column;
    min-width: 0;
  }
  strong {
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  div span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
    overflow-wrap: anywhere;
  }
  time {
    margin-left: auto;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
    white-space: nowrap;
  }
`;

const StyledEmpty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
