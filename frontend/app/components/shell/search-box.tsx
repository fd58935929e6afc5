import { useLocation, useNavigate, useSearchParams } from '@remix-run/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SearchIcon } from '~/components/ui/icons';

/** The top bar's search: Enter opens /intelligence?q=<query>. Works without JavaScript too. */
export function SearchBox() {
  const { t } = useTranslation();
  const inputId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  // On the Intelligence page the box shows the query being answered.
  const current = pathname === '/intelligence' ? (searchParams.get('q') ?? '') : '';
  const [query, setQuery] = useState(current);
  // A new address puts its query in the box; typing in between stays until then.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setQuery(current);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (trimmed) navigate(`/intelligence?q=${encodeURIComponent(trimmed)}`);
  };

  return (
    <StyledSearchForm role="search" method="get" action="/intelligence" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <StyledSearchIcon />
      <StyledSearchInput
        id={inputId}
        type="search"
        name="q"
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </StyledSearchForm>
  );
}

const StyledSearchForm = styled.form`
  position: relative;
  display: flex;
  align-items: center;
  flex: 1 1 20rem;
  min-width: 8rem;
  max-width: 36rem;
`;

const StyledSearchIcon = styled(SearchIcon)`
  position: absolute;
  left: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.textMuted};
  pointer-events: none;
`;

const StyledSearchInput = styled.input`
  width: 100%;
  min-height: 2.25rem;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm} ${theme.space.xs} ${theme.space.xl}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  &::placeholder {
    color: ${({ theme }) => theme.color.textMuted};
    opacity: 1;
  }

  &:focus-visible {
    background: ${({ theme }) => theme.color.surface};
    border-color: ${({ theme }) => theme.color.focus};
    outline-offset: 0;
  }
`;
