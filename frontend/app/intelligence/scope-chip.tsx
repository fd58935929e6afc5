import { Trans, useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { SearchScope } from './intelligence-url';

/** "Searching in <name>" (or "Answering from"): the document the search and chat are limited to, removable. */
export function ScopeChip({
  scope,
  purpose,
  onRemove,
}: {
  scope: SearchScope;
  purpose: 'search' | 'chat';
  onRemove: () => void;
}) {
  const { t } = useTranslation('search');
  const name = scope.documentName ?? t('scope.unknownDocument');
  return (
    <StyledChip>
      <span>
        <Trans
          t={t}
          i18nKey={purpose === 'search' ? 'scope.searchingIn' : 'scope.answeringFrom'}
          values={{ name }}
          components={{ name: <strong /> }}
        />
      </span>
      <button type="button" aria-label={t('scope.remove', { name })} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </button>
    </StyledChip>
  );
}

const StyledChip = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: fit-content;
  max-width: 100%;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.xs} ${theme.space.xs} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.primaryMuted};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};

  strong {
    overflow-wrap: anywhere;
  }

  button {
    display: inline-grid;
    place-items: center;
    width: 1.75rem;
    height: 1.75rem;
    border: 0;
    border-radius: ${({ theme }) => theme.radius.round};
    background: transparent;
    color: inherit;
    font-size: ${({ theme }) => theme.font.size.lg};
    line-height: 1;
    cursor: pointer;
  }
  button:hover {
    background: ${({ theme }) => theme.color.surface};
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`;
