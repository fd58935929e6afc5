import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import type { Bookmark } from './bookmarks';
import { describePosition } from './chunk-position';

interface BookmarksPanelProps {
  bookmarks: readonly Bookmark[];
  onOpen: (bookmark: Bookmark) => void;
  onRemove: (bookmark: Bookmark) => void;
}

/** The passages bookmarked in this browser, newest first. */
export function BookmarksPanel({ bookmarks, onOpen, onRemove }: BookmarksPanelProps) {
  const { t } = useTranslation('search');
  const titleId = useId();
  return (
    <StyledBookmarks aria-labelledby={titleId}>
      <h3 id={titleId}>{t('bookmarks.title')}</h3>
      {bookmarks.length === 0 ? (
        <p>{t('bookmarks.empty')}</p>
      ) : (
        <ul>
          {bookmarks.map((bookmark) => {
            const position = describePosition(bookmark.position, t);
            return (
              <li key={bookmark.id}>
                <div>
                  <strong>{bookmark.documentName}</strong>
                  {position && <small>{position}</small>}
                  <p>{bookmark.snippet}</p>
                </div>
                <StyledActions>
                  <Button
                    variant="secondary"
                    onClick={() => onOpen(bookmark)}
                    aria-label={t('bookmarks.openLabel', { name: bookmark.documentName })}
                  >
                    {t('bookmarks.open')}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => onRemove(bookmark)}
                    aria-label={t('bookmarks.removeLabel', { name: bookmark.documentName })}
                  >
                    {t('bookmarks.remove')}
                  </Button>
                </StyledActions>
              </li>
            );
          })}
        </ul>
      )}
    </StyledBookmarks>
  );
}

const StyledBookmarks = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }

  > p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  ul {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    display: flex;
    justify-content: space-between;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }

  li > div {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xs};
    min-width: 0;
  }

  small {
    color: ${({ theme }) => theme.color.textMuted};
  }

  li p {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.sm};
    overflow-wrap: anywhere;
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex: none;
  gap: ${({ theme }) => theme.space.xs};
`;
