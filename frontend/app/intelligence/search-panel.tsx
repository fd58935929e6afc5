import { SEARCH_TYPES, type SearchHit, type SearchType } from '@docent/common/search';
import type { TFunction } from 'i18next';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, FormAlert, TextField } from '~/components/forms';
import { SelectField } from '~/components/ui/select-field';
import { Spinner } from '~/components/ui/spinner';
import { bookmarkOf, type Bookmark } from './bookmarks';
import { BookmarksPanel } from './bookmarks-panel';
import { highlightedTerms, rangesOfTerms } from './highlight-ranges';
import type { SearchScope } from './intelligence-url';
import { PassageDialog, type Passage } from './passage-dialog';
import { ScopeChip } from './scope-chip';
import { SearchHistory } from './search-history';
import { SearchResults } from './search-results';
import { useBookmarks } from './use-bookmarks';
import type { SearchState } from './use-search-results';

interface SearchPanelProps {
  /** The query and type the address asks for. */
  query: string;
  type: SearchType;
  scope: SearchScope | null;
  history: readonly string[];
  search: SearchState;
  onSearch: (query: string, type: SearchType) => void;
  onRemoveScope: () => void;
}

function passageOfHit(hit: SearchHit, t: TFunction<'search'>): Passage {
  return {
    title: t('passage.passage'),
    documentId: hit.documentId,
    documentName: hit.documentName,
    position: hit.position,
    text: hit.text,
    ranges: rangesOfTerms(hit.text, highlightedTerms(hit.snippet, hit.highlights)),
  };
}

function passageOfBookmark(bookmark: Bookmark, t: TFunction<'search'>): Passage {
  return {
    title: t('passage.bookmark'),
    documentId: bookmark.documentId,
    documentName: bookmark.documentName,
    position: bookmark.position,
    text: bookmark.snippet,
    ranges: [],
  };
}

/** The Search tab: the query box, the scope, recent searches, results and bookmarks. */
export function SearchPanel({ query, type, scope, history, search, onSearch, onRemoveScope }: SearchPanelProps) {
  const { t } = useTranslation('search');
  const [draft, setDraft] = useState(query);
  const [draftType, setDraftType] = useState<SearchType>(type);
  // A new address (the top bar, a history entry, Back) puts its query and type in the form.
  const [addressed, setAddressed] = useState({ query, type });
  if (addressed.query !== query || addressed.type !== type) {
    setAddressed({ query, type });
    if (addressed.query !== query) setDraft(query);
    if (addressed.type !== type) setDraftType(type);
  }

  const { bookmarks, toggle } = useBookmarks();
  const bookmarkedIds = useMemo(() => new Set(bookmarks.map((bookmark) => bookmark.id)), [bookmarks]);
  const [passage, setPassage] = useState<Passage | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = draft.trim();
    if (trimmed) onSearch(trimmed, draftType);
  };

  return (
    <StyledPanel>
      <StyledForm role="search" aria-label={t('form.label')} onSubmit={onSubmit}>
        <StyledQueryField>
          <TextField
            label={t('form.query')}
            type="search"
            name="q"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('form.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={1000}
          />
        </StyledQueryField>
        <SelectField
          label={t('form.type')}
          name="type"
          value={draftType}
          onChange={(event) => setDraftType(event.target.value as SearchType)}
        >
          {SEARCH_TYPES.map((known) => (
            <option key={known} value={known}>
              {t(`types.${known}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={draft.trim() === ''}>
          {t('form.submit')}
        </Button>
      </StyledForm>

      {scope && <ScopeChip scope={scope} purpose="search" onRemove={onRemoveScope} />}

      <SearchHistory history={history} onRerun={(again) => onSearch(again, draftType)} />

      <div aria-live="polite" aria-busy={search.phase === 'loading'}>
        {search.phase === 'loading' && <Spinner label={t('form.searching')} />}
        {search.phase === 'failed' && <FormAlert>{t('form.failed', { message: search.message })}</FormAlert>}
      </div>
      {search.phase === 'shown' && (
        <SearchResults
          response={search.response}
          bookmarkedIds={bookmarkedIds}
          onOpen={(hit) => setPassage(passageOfHit(hit, t))}
          onToggleBookmark={(hit) => toggle(bookmarkOf(hit))}
        />
      )}
      {search.phase === 'idle' && <StyledHint>{t('form.hint')}</StyledHint>}

      <BookmarksPanel
        bookmarks={bookmarks}
        onOpen={(bookmark) => setPassage(passageOfBookmark(bookmark, t))}
        onRemove={toggle}
      />

      {passage && <PassageDialog passage={passage} onClose={() => setPassage(null)} />}
    </StyledPanel>
  );
}

const StyledPanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledQueryField = styled.div`
  flex: 1 1 20rem;
`;

const StyledHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
