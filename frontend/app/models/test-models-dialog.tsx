import type { Model } from '@docent/common/models';
import { useFetcher, useSubmit } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import { testForm } from './model-action-form';
import { testAnnouncement, testFetcherKey, type TestModelResult } from './model-actions';
import { useModelFormat } from './model-format';
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
  const { t } = useTranslation('models');
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
        title={t('testModels')}
        description={t('test.description')}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('close')}
            </Button>
            <Button onClick={() => active.forEach(test)} disabled={active.length === 0}>
              {t('test.testAll')}
            </Button>
          </>
        }
      >
        {models.length === 0 ? (
          <p>{t('noModels')}</p>
        ) : (
          <>
            {active.length === 0 && <StyledNote>{t('test.noneActive')}</StyledNote>}
            <StyledList aria-label={t('test.list')}>
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
  const { t } = useTranslation('models');
  useFetcherAnnouncement<TestModelResult>(testFetcherKey(model.id), (result) =>
    testAnnouncement(result, model.name, t),
  );
  return null;
}

function ModelTestRow({ model, onTest }: { model: Model; onTest: () => void }) {
  const { t } = useTranslation('models');
  const fetcher = useFetcher<TestModelResult>({ key: testFetcherKey(model.id) });
  const testing = fetcher.state !== 'idle';
  return (
    <li>
      <StyledModel>
        <strong>{model.name}</strong>
        <span>{model.providerName}</span>
      </StyledModel>
      <ModelStatusBadge status={model.status} />
      <StyledOutcome role="status" aria-label={t('test.resultLabel', { model: model.name })}>
        {testing ? t('test.testing') : fetcher.data ? <TestOutcome result={fetcher.data} /> : t('test.notTested')}
      </StyledOutcome>
      <Button
        variant="secondary"
        onClick={onTest}
        disabled={testing}
        busy={testing}
        aria-label={t('test.testLabel', { model: model.name })}
      >
        {t('test.test')}
      </Button>
    </li>
  );
}

function TestOutcome({ result }: { result: TestModelResult }) {
  const { t } = useTranslation('models');
  const format = useModelFormat();
  if (!result.ok)
    return <StyledFailed>{t('test.couldNotRun', { reason: result.error ?? t('serverUnreachable') })}</StyledFailed>;
  if (!result.result.success)
    return <StyledFailed>{t('test.failed', { reason: result.result.error ?? t('noReason') })}</StyledFailed>;
  return <StyledPassed>{t('test.passed', { time: format.seconds(result.result.responseTime / 1000) })}</StyledPassed>;
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
