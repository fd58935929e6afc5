import type { ChatCitation, ChatMessageView } from '@docent/common/chat';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { describePosition } from './chunk-position';
import { splitCitations } from './citation-markers';

/** An answer's text with each [n] it cites as a button opening that source. */
export function AnswerText({
  text,
  citations,
  onCite,
}: {
  text: string;
  citations: readonly ChatCitation[];
  onCite: (citation: ChatCitation) => void;
}) {
  const { t } = useTranslation('intelligence');
  const byNumber = useMemo(() => new Map(citations.map((citation) => [citation.number, citation])), [citations]);
  const parts = useMemo(() => splitCitations(text, new Set(byNumber.keys())), [text, byNumber]);
  return (
    <StyledAnswerText>
      {parts.map((part, index) => {
        if (part.kind === 'text') return <span key={index}>{part.text}</span>;
        const citation = byNumber.get(part.number)!;
        return (
          <StyledCitation
            key={index}
            type="button"
            aria-label={t('answer.sourceLabel', { number: part.number, name: citation.documentName })}
            onClick={() => onCite(citation)}
          >
            [{part.number}]
          </StyledCitation>
        );
      })}
    </StyledAnswerText>
  );
}

/** The passages an answer was given, numbered as it cites them. */
export function SourceList({
  citations,
  onCite,
}: {
  citations: readonly ChatCitation[];
  onCite: (citation: ChatCitation) => void;
}) {
  const { t } = useTranslation('intelligence');
  const { t: tSearch } = useTranslation('search');
  if (citations.length === 0) return null;
  return (
    <StyledSources aria-label={t('answer.sources')}>
      {citations.map((citation) => {
        const position = describePosition(citation.position, tSearch);
        return (
          <li key={citation.number}>
            <button type="button" onClick={() => onCite(citation)}>
              [{citation.number}] {citation.documentName}
              {position && <small> · {position}</small>}
            </button>
          </li>
        );
      })}
    </StyledSources>
  );
}

/** Under a finished answer: the model, the tokens and how long it took. */
export function AnswerFacts({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation('intelligence');
  const facts = [
    message.model && t('answer.model', { name: message.model.name }),
    message.usage &&
      t('answer.tokens', {
        total: message.usage.inputTokens + message.usage.outputTokens,
        input: message.usage.inputTokens,
        output: message.usage.outputTokens,
      }),
    message.latencyMs !== undefined && t('answer.milliseconds', { ms: Math.round(message.latencyMs) }),
  ].filter((fact): fact is string => Boolean(fact));
  if (facts.length === 0) return null;
  return <StyledFacts>{facts.join(' · ')}</StyledFacts>;
}

const StyledAnswerText = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.6;
`;

const StyledCitation = styled.button`
  margin: 0 1px;
  padding: 0 2px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.primaryMuted};
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  vertical-align: baseline;
  cursor: pointer;

  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`;

const StyledSources = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  button {
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font-size: ${({ theme }) => theme.font.size.xs};
    text-align: left;
    cursor: pointer;
  }
  button:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const StyledFacts = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;
