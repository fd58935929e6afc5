import type { Model, ModelLimitUsage, RoutingConfiguration, RoutingResponse } from '@docent/common/models';
import { useFetcher } from '@remix-run/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button, FormAlert } from '~/components/forms';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { ProgressBar } from '~/components/ui/progress-bar';
import { SelectField } from '~/components/ui/select-field';
import { Switch } from '~/components/ui/switch';
import { routingForm } from './model-action-form';
import type { SaveRoutingResult } from './model-actions';
import { limitUsedPercent, useModelFormat, type ModelFormat } from './model-format';

/** The Routing tab shows the limit usage of this many models, the first in the list (spec section 2). */
const MODELS_WITH_USAGE_BARS = 2;

const ROUTE_CHOICES = [
  { key: 'primaryModelId', label: 'routing.primary', hint: 'routing.primaryHint' },
  { key: 'fallbackModelId', label: 'routing.fallback', hint: 'routing.fallbackHint' },
  { key: 'costOptimizedModelId', label: 'routing.costOptimized', hint: 'routing.costOptimizedHint' },
] as const;

interface ModelsRoutingProps {
  models: readonly Model[];
  routing: RoutingResponse;
  /** Null: the routing is shown, not changed (a role without system:configure, or sample data). */
  editing: { onConfigureLimits: (model: Model) => void } | null;
}

/** Routing: which model takes a request, and how much of its limits the first two models have used. */
export function ModelsRouting({ models, routing, editing }: ModelsRoutingProps) {
  const routingId = useId();
  const limitsId = useId();
  const { t } = useTranslation('models');
  const withBars = models.slice(0, MODELS_WITH_USAGE_BARS);
  return (
    <StyledColumns>
      <Card aria-labelledby={routingId}>
        <CardHeader title={t('routing.title')} titleId={routingId} description={t('routing.description')} />
        <CardBody>
          {editing ? (
            <RoutingForm models={models} saved={routing.routing} />
          ) : (
            <RoutingSummary models={models} routing={routing.routing} />
          )}
        </CardBody>
      </Card>

      <Card aria-labelledby={limitsId}>
        <CardHeader
          title={t('routing.rateLimits')}
          titleId={limitsId}
          description={t('routing.rateLimitsDescription')}
        />
        <CardBody>
          {withBars.length === 0 ? (
            <StyledMuted>{t('noModels')}</StyledMuted>
          ) : (
            <StyledUsageList>
              {withBars.map((model) => (
                <li key={model.id}>
                  <ModelLimitBars model={model} usage={routing.usage.find((entry) => entry.modelId === model.id)} />
                  {editing && (
                    <Button
                      variant="secondary"
                      aria-label={t('routing.configureLimitsLabel', { model: model.name })}
                      onClick={() => editing.onConfigureLimits(model)}
                    >
                      {t('routing.configureLimits')}
                    </Button>
                  )}
                </li>
              ))}
            </StyledUsageList>
          )}
        </CardBody>
      </Card>
    </StyledColumns>
  );
}

const modelLabel = (models: readonly Model[], modelId: string | null, none: string) => {
  if (modelId === null) return none;
  const model = models.find((candidate) => candidate.id === modelId);
  return model ? `${model.name} (${model.providerName})` : modelId;
};

function RoutingSummary({ models, routing }: { models: readonly Model[]; routing: RoutingConfiguration }) {
  const { t } = useTranslation('models');
  return (
    <StyledSummary>
      {ROUTE_CHOICES.map((choice) => (
        <div key={choice.key}>
          <dt>{t(choice.label)}</dt>
          <dd>{modelLabel(models, routing[choice.key], t('routing.none'))}</dd>
        </div>
      ))}
      <div>
        <dt>{t('routing.autoRouting')}</dt>
        <dd>{routing.autoRouting ? t('routing.on') : t('routing.off')}</dd>
      </div>
    </StyledSummary>
  );
}

const ROUTING_FETCHER_KEY = 'model-routing';

function RoutingForm({ models, saved }: { models: readonly Model[]; saved: RoutingConfiguration }) {
  const csrfToken = useAuthenticityToken();
  const { t } = useTranslation('models');
  const fetcher = useFetcher<SaveRoutingResult>({ key: ROUTING_FETCHER_KEY });
  const [draft, setDraft] = useState(saved);
  // A configuration saved since (here or elsewhere, seen on a poll) starts the form afresh.
  const savedText = JSON.stringify(saved);
  const [draftBase, setDraftBase] = useState(savedText);
  if (draftBase !== savedText) {
    setDraftBase(savedText);
    setDraft(saved);
  }
  const changed = JSON.stringify(draft) !== savedText;
  const saving = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  return (
    <StyledForm
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit({ ...routingForm(draft), csrf: csrfToken }, { method: 'post', action: '/models' });
      }}
    >
      {ROUTE_CHOICES.map((choice) => (
        <SelectField
          key={choice.key}
          label={t(choice.label)}
          hint={t(choice.hint)}
          value={draft[choice.key] ?? ''}
          onChange={(event) => setDraft({ ...draft, [choice.key]: event.target.value || null })}
        >
          <option value="">{t('routing.none')}</option>
          {models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.name} ({model.providerName})
            </option>
          ))}
        </SelectField>
      ))}
      <Switch
        label={t('routing.autoRouting')}
        description={t('routing.autoRoutingDescription')}
        checked={draft.autoRouting}
        onChange={(autoRouting) => setDraft({ ...draft, autoRouting })}
      />
      <FormAlert>
        {result && !result.ok ? t('routing.notSaved', { reason: result.error ?? t('serverUnreachable') }) : null}
      </FormAlert>
      <StyledActions>
        <p role="status">{result?.ok && !changed ? t('routing.saved') : ''}</p>
        <Button type="submit" disabled={!changed || saving} busy={saving}>
          {t('routing.save')}
        </Button>
      </StyledActions>
    </StyledForm>
  );
}

type LimitKind = 'dailyRequests' | 'monthlyBudget' | 'concurrent';

interface LimitBar {
  kind: LimitKind;
  used: string;
  limit: string | null;
  percent: number | null;
}

function limitBars(usage: ModelLimitUsage, format: ModelFormat): LimitBar[] {
  const bar = (kind: LimitKind, figure: (value: number) => string): LimitBar => {
    const { used, limit } = usage[kind];
    return {
      kind,
      used: figure(used),
      limit: limit === null ? null : figure(limit),
      percent: limitUsedPercent(used, limit),
    };
  };
  return [bar('dailyRequests', format.count), bar('monthlyBudget', format.dollars), bar('concurrent', format.count)];
}

function ModelLimitBars({ model, usage }: { model: Model; usage: ModelLimitUsage | undefined }) {
  const { t } = useTranslation('models');
  const format = useModelFormat();
  return (
    <section aria-label={t('routing.limitsLabel', { model: model.name })}>
      <StyledUsageTitle>{model.name}</StyledUsageTitle>
      {usage ? (
        <StyledBars>
          {limitBars(usage, format).map((bar) => (
            <div key={bar.kind}>
              <StyledBarText>
                <span>{t(`routing.${bar.kind}`)}</span>
                <span>
                  {bar.limit === null ? `${bar.used} · ${t('routing.noLimit')}` : `${bar.used} / ${bar.limit}`}
                </span>
              </StyledBarText>
              {bar.percent !== null && (
                <ProgressBar
                  value={bar.percent}
                  label={t(`routing.barLabel.${bar.kind}`, { model: model.name })}
                  tone={bar.percent >= 100 ? 'danger' : 'primary'}
                />
              )}
            </div>
          ))}
        </StyledBars>
      ) : (
        <StyledMuted>{t('routing.noUsage')}</StyledMuted>
      )}
    </section>
  );
}

const StyledColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
`;

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledActions = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};

  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const StyledSummary = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const StyledUsageList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space.sm};
  }
  section {
    align-self: stretch;
  }
`;

const StyledUsageTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.md};
`;

const StyledBars = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const StyledBarText = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};

  span:last-child {
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
