import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button, FormAlert } from '~/components/forms';
import type { PageActionResult } from './page-actions';

interface SearchHistoryProps {
  /** Newest first, from GET /api/search/history. */
  history: readonly string[];
  onRerun: (query: string) => void;
}

/** The user's recent searches: a click runs one again; Clear history empties the list on the server. */
export function SearchHistory({ history, onRerun }: SearchHistoryProps) {
  const csrfToken = useAuthenticityToken();
  const { t } = useTranslation('search');
  const titleId = useId();
  const fetcher = useFetcher<PageActionResult>({ key: 'clear-search-history' });
  const clearing = fetcher.state !== 'idle';
  const failed = fetcher.state === 'idle' && fetcher.data?.ok === false ? fetcher.data.error : null;
  return (
    <StyledHistory aria-labelledby={titleId}>
      <StyledHistoryHeader>
        <h3 id={titleId}>{t('history.title')}</h3>
        <Button
          variant="ghost"
          disabled={history.length === 0 || clearing}
          busy={clearing}
          onClick={() =>
            fetcher.submit({ intent: 'clear-history', csrf: csrfToken }, { method: 'post', action: '/intelligence' })
          }
        >
          {t('history.clear')}
        </Button>
      </StyledHistoryHeader>
      {failed && <FormAlert>{t('history.clearFailed', { error: failed })}</FormAlert>}
      {history.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <ul>
          {history.map((query) => (
            <li key={query}>
              <StyledQueryButton type="button" onClick={() => onRerun(query)} title={t('history.again', { query })}>
                {query}
              </StyledQueryButton>
            </li>
          ))}
        </ul>
      )}
    </StyledHistory>
  );
}

const StyledHistory = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const StyledHistoryHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const StyledQueryButton = styled.button`
  max-width: 20rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
