import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { StatusDot } from '~/components/ui/badge';
import type { DocumentActivity } from './document-activity';
import { formatRelativeTime } from '~/lib/relative-time';

/** Relative times move on without a push: refresh them this often. */
const CLOCK_TICK_MS = 30_000;

/** The live list behind 'Show Activity': what the socket reported while the page was open, newest first. */
export function DocumentActivityPanel({
  id,
  activities,
  live,
}: {
  id: string;
  activities: readonly DocumentActivity[];
  live: boolean;
}) {
  const { t, i18n } = useTranslation('documents');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <StyledPanel id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('activity.title')}</h2>
      {activities.length === 0 ? (
        <StyledEmpty>{live ? t('activity.emptyLive') : t('activity.emptyOffline')}</StyledEmpty>
      ) : (
        <StyledList aria-live="polite">
          {activities.map((activity) => (
            <li key={activity.key}>
              <StatusDot $tone={activity.tone} aria-hidden="true" />
              <span>
                <strong>{activity.documentName}</strong> {activity.description}
              </span>
              <time dateTime={activity.at}>{formatRelativeTime(activity.at, now, i18n.language)}</time>
            </li>
          ))}
        </StyledList>
      )}
    </StyledPanel>
  );
}

const StyledPanel = styled.section`
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const StyledEmpty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledList = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  max-height: 16rem;
  overflow-y: auto;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.sm};

  li {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: baseline;
    gap: ${({ theme }) => theme.space.sm};
  }

  span {
    overflow-wrap: anywhere;
  }

  time {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
    white-space: nowrap;
  }
`;
