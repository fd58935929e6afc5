import type { TextRange } from '@docent/common/search';
import { Fragment, useMemo } from 'react';
import styled from 'styled-components';
import { highlightSegments } from './highlight-ranges';

/** Text with its matching stretches in <mark>: React text nodes only, so nothing in it is ever read as HTML. */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  const segments = useMemo(() => highlightSegments(text, ranges), [text, ranges]);
  return (
    <>
      {segments.map((segment, index) =>
        segment.highlighted ? (
          <StyledMark key={index}>{segment.text}</StyledMark>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

const StyledMark = styled.mark`
  padding: 0 1px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.warningMuted};
  color: ${({ theme }) => theme.color.text};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
