import type { ToolView } from '@docent/common/tools';
import { useFetcher } from '@remix-run/react';
import { useCallback, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { useFetcherAnnouncement } from '~/lib/use-fetcher-announcement';
import { toolAnnouncement, toolFetcherKey, type ToolActionResult, type ToolIntent } from './tool-actions';

interface ToolDemoCardProps {
  intent: ToolIntent;
  title: string;
  description: string;
  /** The tool as listed; null when the list does not have it. */
  tool: ToolView | null;
  /** Whether Execute is offered: the user may execute tools and the server can be asked. */
  canExecute: boolean;
  /** The demo's fields. */
  fields: ReactNode;
  /** What an execution shows. */
  outcome: (execution: Extract<ToolActionResult, { ok: true }>['execution']) => ReactNode;
}

/**
 * A demo of one tool: its fields and Execute, posted to the /tools action on the demo's
 * own fetcher, then the outcome and the spec's toast.
 */
export function ToolDemoCard({ intent, title, description, tool, canExecute, fields, outcome }: ToolDemoCardProps) {
  const csrfToken = useAuthenticityToken();
  const { t } = useTranslation('tools');
  const fetcher = useFetcher<ToolActionResult>({ key: toolFetcherKey(intent) });
  const announce = useCallback((answer: ToolActionResult) => toolAnnouncement(answer, t), [t]);
  useFetcherAnnouncement<ToolActionResult>(toolFetcherKey(intent), announce);
  const titleId = useId();
  const unavailable =
    tool?.status === 'ready' ? null : (tool?.unavailableReason ?? t('demo.notAvailable', { tool: intent }));
  const running = fetcher.state !== 'idle';
  const result = fetcher.data;

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={title} titleId={titleId} description={description} />
      <CardBody>
        <fetcher.Form method="post" action="/tools">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="csrf" value={csrfToken} />
          {/* Without Execute there is nothing to fill in for. */}
          <StyledFields disabled={!canExecute}>{fields}</StyledFields>
          {canExecute && (
            <StyledExecute>
              <Button type="submit" disabled={running || unavailable !== null} busy={running}>
                {t('demo.execute')}
              </Button>
              {unavailable && <StyledMuted>{t('demo.notReady', { reason: unavailable })}</StyledMuted>}
            </StyledExecute>
          )}
        </fetcher.Form>
        <StyledOutcome role="status" aria-label={t('demo.resultLabel', { title })}>
          {running ? (
            <StyledMuted>{t('demo.running')}</StyledMuted>
          ) : result === undefined ? null : result.ok ? (
            outcome(result.execution)
          ) : (
            <StyledFailed>{result.error}</StyledFailed>
          )}
        </StyledOutcome>
      </CardBody>
    </Card>
  );
}

/** A label and its value in a demo's outcome. */
export function OutcomeLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export const OutcomeList = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    overflow-wrap: anywhere;
  }
`;

const StyledFields = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};

  & > * {
    flex: 1 1 8rem;
  }
`;

const StyledExecute = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;

const StyledOutcome = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
  min-height: 1.5rem;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledMuted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledFailed = styled.span`
  color: ${({ theme }) => theme.color.danger};
  overflow-wrap: anywhere;
`;
