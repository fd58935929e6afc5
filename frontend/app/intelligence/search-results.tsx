import type { SearchHit, SearchPassage, SearchResponse } from '@docent/common/search';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge } from '~/components/ui/badge';
import { describePosition } from './chunk-position';
import { HighlightedText } from './highlighted-text';

interface SearchResultsProps {
  response: SearchResponse;
  bookmarkedIds: ReadonlySet<string>;
  onOpen: (hit: SearchHit) => void;
  onToggleBookmark: (hit: SearchHit) => void;
}

/**
 * The hits of one search, best first: document, position, score and the snippet with the
 * query's words marked; under each document, its other best passages.
 */
export function SearchResults({ response, bookmarkedIds, onOpen, onToggleBookmark }: SearchResultsProps) {
  const { t, i18n } = useTranslation('search');
  return (
    <StyledResults aria-label={t('results.label')}>
      <StyledSummary>
        {t('results.summary', {
          count: response.total,
          query: response.query,
          type: t(`types.${response.type}`),
          tookMs: response.tookMs,
        })}
      </StyledSummary>
      {response.fallback === 'keyword' && <StyledNote role="note">{t('results.keywordFallback')}</StyledNote>}
      {response.results.length === 0 ? (
        <StyledEmpty>
          <h3>{t('results.emptyTitle')}</h3>
          <p>{t('results.empty', { query: response.query })}</p>
        </StyledEmpty>
      ) : (
        <ol>
          {response.results.map((hit) => {
            const position = describePosition(hit.position, t);
            const bookmarked = bookmarkedIds.has(hit.chunkId);
            return (
              <StyledHit key={hit.chunkId}>
                <StyledHitHeader>
                  <StyledOpenButton
                    type="button"
                    onClick={() => onOpen(hit)}
                    aria-label={
                      position
                        ? t('results.openAt', { name: hit.documentName, position })
                        : t('results.open', { name: hit.documentName })
                    }
                  >
                    {hit.documentName}
                  </StyledOpenButton>
                  <Badge>{hit.documentType}</Badge>
                  {position && <StyledPosition>{position}</StyledPosition>}
                  <StyledScore>
                    {t('results.score', {
                      score: hit.score.toLocaleString(i18n.language, {
                        minimumFractionDigits: 3,
                        maximumFractionDigits: 3,
                      }),
                    })}
                  </StyledScore>
                  <StyledBookmarkButton
                    type="button"
                    aria-pressed={bookmarked}
                    aria-label={t('results.bookmarkLabel', { name: hit.documentName })}
                    onClick={() => onToggleBookmark(hit)}
                  >
                    <span aria-hidden="true">{bookmarked ? '★' : '☆'}</span>{' '}
                    {bookmarked ? t('results.bookmarked') : t('results.bookmark')}
                  </StyledBookmarkButton>
                </StyledHitHeader>
                <StyledSnippet>
                  <HighlightedText text={hit.snippet} ranges={hit.highlights} />
                </StyledSnippet>
                <MorePassages hit={hit} onOpen={onOpen} />
              </StyledHit>
            );
          })}
        </ol>
      )}
    </StyledResults>
  );
}

/**
 * A document's passages after its best one, each opening as a hit of its own: a group
 * inside the document's result rather than results of their own.
 */
function MorePassages({ hit, onOpen }: { hit: SearchHit; onOpen: (hit: SearchHit) => void }) {
  const { t } = useTranslation('search');
  const more = hit.passages?.slice(1) ?? [];
  if (more.length === 0) return null;
  return (
    <StyledMorePassages role="group" aria-label={t('results.morePassages', { name: hit.documentName })}>
      {more.map((passage) => {
        const position = describePosition(passage.position, t);
        return (
          <div key={passage.chunkId}>
            <StyledOpenButton
              type="button"
              onClick={() => onOpen(passageHit(hit, passage))}
              aria-label={
                position
                  ? t('results.openAnotherAt', { name: hit.documentName, position })
                  : t('results.openAnother', { name: hit.documentName })
              }
            >
              {position ?? t('results.passage')}
            </StyledOpenButton>
            <StyledSnippet>
              <HighlightedText text={passage.snippet} ranges={passage.highlights} />
            </StyledSnippet>
          </div>
        );
      })}
    </StyledMorePassages>
  );
}

/** One of a document's passages as a hit of its own, to open or bookmark. */
function passageHit({ documentId, documentName, documentType }: SearchHit, passage: SearchPassage): SearchHit {
  return { documentId, documentName, documentType, ...passage };
}

const StyledResults = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  ol {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const StyledSummary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.color.info};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.infoMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledHit = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const StyledHitHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const StyledOpenButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-align: left;
  overflow-wrap: anywhere;
  cursor: pointer;

  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const StyledPosition = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledScore = styled.span`
  margin-left: auto;
  color: ${({ theme }) => theme.color.textMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const StyledBookmarkButton = styled.button`
  padding: ${({ theme }) => `0 ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xs};
  line-height: 1.8;
  cursor: pointer;

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.color.warning};
    background: ${({ theme }) => theme.color.warningMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const StyledMorePassages = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.xs};
  padding-left: ${({ theme }) => theme.space.md};
  border-left: 2px solid ${({ theme }) => theme.color.border};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledSnippet = styled.p`
  margin: 0;
  line-height: 1.6;
  overflow-wrap: anywhere;
`;

const StyledEmpty = styled.div`
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  text-align: center;
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.md};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
