import type { Model } from '@docent/common/models';
import { useFetcher, useSubmit } from '@remix-run/react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import { testForm } from './model-action-form';
import { testAnnouncement, testFetcherKey, type TestModelResult } from './model-actions';
import { formatSeconds } from './model-format';
import { ModelStatusBadge } from './model-status-badge';
import { useFetcherAnnouncement } from '~/lib/use-fetcher-announcement';

interface TestModelsDialogProps {
  open: boolean;
  onClose: () => void;
  models: readonly Model[];
}

/**
 * 'Test Models': a real call to each model (POST /api/models/{id}/test), all active ones
 * at once with Test All Models or one at a time. Each test has its own fetcher, so
 * results stay when the dialog closes and come back when it opens again.
 */
export function TestModelsDialog({ open, onClose, models }: TestModelsDialogProps) {
  const csrfToken = useAuthenticityToken();
  const submit = useSubmit();
  const test = (model: Model) =>
    submit(
      { ...testForm(model.id), csrf: csrfToken },
      { method: 'post', action: '/models', navigate: false, fetcherKey: testFetcherKey(model.id) },
    );
  const active = models.filter((model) => model.status === 'active');

  return (
    <>
      {models.map((model) => (
        <TestAnnouncement key={model.id} model={model} />
      ))}
      <Dialog
        open={open}
        onClose={onClose}
        title="Test Models"
        description="Sends each model a short request and reports whether it answered, and how fast."
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => active.forEach(test)} disabled={active.length === 0}>
              Test All Models
            </Button>
          </>
        }
      >
        {models.length === 0 ? (
          <p>No models are installed.</p>
        ) : (
          <>
            {active.length === 0 && (
              <StyledNote>No model is active: test one below to bring it into service.</StyledNote>
            )}
            <StyledList aria-label="Models to test">
              {models.map((model) => (
                <ModelTestRow key={model.id} model={model} onTest={() => test(model)} />
              ))}
            </StyledList>
          </>
        )}
      </Dialog>
    </>
  );
}

function TestAnnouncement({ model }: { model: Model }) {
  useFetcherAnnouncement<TestModelResult>(testFetcherKey(model.id), (result) => testAnnouncement(result, model.name));
  return null;
}

function ModelTestRow({ model, onTest }: { model: Model; onTest: () => void }) {
  const fetcher = useFetcher<TestModelResult>({ key: testFetcherKey(model.id) });
  const testing = fetcher.state !== 'idle';
  return (
    <li>
      <StyledModel>
        <strong>{model.name}</strong>
        <span>{model.providerName}</span>
      </StyledModel>
      <ModelStatusBadge status={model.status} />
      <StyledOutcome role="status" aria-label={`${model.name} test result`}>
        {testing ? 'Testing...' : fetcher.data ? <TestOutcome result={fetcher.data} /> : 'Not tested yet'}
      </StyledOutcome>
      <Button variant="secondary" onClick={onTest} disabled={testing} busy={testing} aria-label={`Test ${model.name}`}>
        Test
      </Button>
    </li>
  );
}

function TestOutcome({ result }: { result: TestModelResult }) {
  if (!result.ok)
    return <StyledFailed>Could not run the test: {result.error ?? 'the server could not be reached'}</StyledFailed>;
  if (!result.result.success) return <StyledFailed>Failed: {result.result.error ?? 'no reason given'}</StyledFailed>;
  return <StyledPassed>Passed in {formatSeconds(result.result.responseTime / 1000)}</StyledPassed>;
}

const StyledList = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: 1fr auto;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.sm} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  li:last-child {
    border-bottom: none;
  }
`;

const StyledNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
`;

const StyledModel = styled.div`
  display: flex;
  flex-direction: column;

  strong {
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;

const StyledOutcome = styled.div`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;

const StyledPassed = styled.span`
  color: ${({ theme }) => theme.color.success};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const StyledFailed = styled.span`
  color: ${({ theme }) => theme.color.danger};
`;
