import type { ToolView } from '@docent/common/tools';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge } from '~/components/ui/badge';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { TOOL_STATUS_LABELS, unavailableNote } from './tool-format';

/** Every tool listed, ready or not: its category, Ready or Coming Soon, and why it is not ready. */
export function ToolsGrid({ tools }: { tools: readonly ToolView[] }) {
  const titleId = useId();
  const { t } = useTranslation('tools');
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('grid.title')} titleId={titleId} description={t('grid.description')} />
      <CardBody>
        {tools.length === 0 ? (
          <p>{t('grid.empty')}</p>
        ) : (
          <StyledGrid aria-labelledby={titleId}>
            {tools.map((tool) => {
              const note = unavailableNote(tool);
              return (
                <li key={tool.name} aria-label={tool.name}>
                  <StyledToolHeader>
                    <h3>{tool.name}</h3>
                    <Badge $tone={tool.status === 'ready' ? 'success' : 'neutral'}>
                      {t(TOOL_STATUS_LABELS[tool.status])}
                    </Badge>
                  </StyledToolHeader>
                  <Badge $tone="info">
                    <span className="visually-hidden">{t('grid.category')}</span>
                    {tool.category}
                  </Badge>
                  <StyledDescription>{tool.description}</StyledDescription>
                  {note && <StyledReason>{note}</StyledReason>}
                </li>
              );
            })}
          </StyledGrid>
        )}
      </CardBody>
    </Card>
  );
}

const StyledGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
`;

const StyledToolHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;

  h3 {
    margin: 0;
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.font.size.md};
    overflow-wrap: anywhere;
  }
`;

const StyledDescription = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledReason = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
`;
