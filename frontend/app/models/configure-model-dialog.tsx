import { MODEL_PARAMETER_BOUNDS, type Model } from '@docent/common/models';
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button, FormAlert, PasswordField, TextField } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import { SelectField } from '~/components/ui/select-field';
import { SliderField } from '~/components/ui/slider-field';
import { Tabs } from '~/components/ui/tabs';
import { refreshModelsForm, updateForm } from './model-action-form';
import {
  refreshAnnouncement,
  refreshFetcherKey,
  updateAnnouncement,
  updateFetcherKey,
  type RefreshModelsResult,
  type UpdateModelResult,
} from './model-actions';
import {
  changedFields,
  checkDraft,
  clearsStoredKey,
  DRAFT_FIELD_TABS,
  draftFromModel,
  isEmptyUpdate,
  type ConfigureTab,
  type DraftField,
  type DraftProblems,
  type ModelDraft,
} from './model-draft';
import { STATUS_LABELS } from './model-format';
import { useFetcherAnnouncement } from '~/lib/use-fetcher-announcement';

const TABS = ['general', 'parameters', 'limits'] as const satisfies readonly ConfigureTab[];

const FIELD_ORDER = Object.keys(DRAFT_FIELD_TABS) as DraftField[];
const { temperature: TEMPERATURE, maxTokens: MAX_TOKENS, topP: TOP_P } = MODEL_PARAMETER_BOUNDS;

interface ConfigureModelDialogProps {
  model: Model;
  initialTab: ConfigureTab;
  onClose: () => void;
}

/**
 * A model's Configure dialog. Save checks the fields against the spec's bounds, then
 * sends only what changed (PUT /api/models/{id}); the server's refusal is shown in the
 * dialog, which stays open so the value can be corrected.
 */
export function ConfigureModelDialog({ model, initialTab, onClose }: ConfigureModelDialogProps) {
  const csrfToken = useAuthenticityToken();
  const { t } = useTranslation('models');
  const fetcher = useFetcher<UpdateModelResult>({ key: updateFetcherKey(model.id) });
  const formId = useId();
  // The model as the dialog opened: polling may bring a newer one, the edits stay against this.
  const [baseline] = useState(model);
  const [draft, setDraft] = useState<ModelDraft>(() => draftFromModel(model));
  const [tab, setTab] = useState<ConfigureTab>(initialTab);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const saving = fetcher.state !== 'idle';
  const result = submitted && fetcher.state === 'idle' ? fetcher.data : undefined;
  const hasEndpoint = baseline.endpoint !== null;

  useEffect(() => {
    if (result?.ok) onClose();
  }, [result, onClose]);

  const change = <Field extends DraftField>(field: Field, value: ModelDraft[Field]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const save = () => {
    const check = checkDraft(draft, { hasEndpoint }, t);
    if (!check.ok) {
      setProblems(check.problems);
      const first = FIELD_ORDER.find((field) => check.problems[field]);
      if (first) setTab(DRAFT_FIELD_TABS[first]);
      return;
    }
    setProblems({});
    const update = changedFields(baseline, check.values, { hasEndpoint });
    if (isEmptyUpdate(update)) {
      onClose();
      return;
    }
    setSubmitted(true);
    fetcher.submit({ ...updateForm(baseline.id, update), csrf: csrfToken }, { method: 'post', action: '/models' });
  };

  const refusedElsewhere = Object.entries(problems)
    .filter(([field]) => DRAFT_FIELD_TABS[field as DraftField] !== tab)
    .map(([, message]) => message);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('configure.title', { model: baseline.name })}
      description={`${baseline.providerName} · ${baseline.id}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={saving} busy={saving}>
            {t('configure.saveChanges')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Tabs
          label={t('configure.sections')}
          tabs={TABS.map((key) => ({ key, label: t(`configure.tabs.${key}`) }))}
          selected={tab}
          onSelect={setTab}
        >
          <StyledFields>
            {tab === 'general' && (
              <GeneralFields model={baseline} draft={draft} problems={problems} onChange={change} />
            )}
            {tab === 'parameters' && (
              <>
                <SliderField
                  label={t('configure.temperature')}
                  {...TEMPERATURE}
                  value={draft.temperature}
                  onChange={(value) => change('temperature', value)}
                  hint={t('configure.temperatureHint')}
                  error={problems.temperature}
                />
                <TextField
                  label={t('configure.maxTokens')}
                  type="number"
                  inputMode="numeric"
                  min={MAX_TOKENS.min}
                  max={MAX_TOKENS.max}
                  step={MAX_TOKENS.step}
                  value={draft.maxTokens}
                  onChange={(event) => change('maxTokens', event.target.value)}
                  hint={t('configure.maxTokensHint', { min: MAX_TOKENS.min, max: MAX_TOKENS.max })}
                  error={problems.maxTokens}
                />
                <SliderField
                  label={t('configure.topP')}
                  {...TOP_P}
                  value={draft.topP}
                  onChange={(value) => change('topP', value)}
                  hint={t('configure.topPHint')}
                  error={problems.topP}
                />
              </>
            )}
            {tab === 'limits' && (
              <>
                <TextField
                  label={t('configure.dailyRequestLimit')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={draft.dailyRequests}
                  onChange={(event) => change('dailyRequests', event.target.value)}
                  hint={t('configure.noLimitHint')}
                  error={problems.dailyRequests}
                />
                <TextField
                  label={t('configure.monthlyBudget')}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={draft.monthlyBudget}
                  onChange={(event) => change('monthlyBudget', event.target.value)}
                  hint={t('configure.monthlyBudgetHint')}
                  error={problems.monthlyBudget}
                />
                <TextField
                  label={t('configure.maxConcurrent')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={draft.maxConcurrent}
                  onChange={(event) => change('maxConcurrent', event.target.value)}
                  hint={t('configure.noLimitHint')}
                  error={problems.maxConcurrent}
                />
              </>
            )}
            <FormAlert>
              {refusedElsewhere.length > 0
                ? t('configure.correctOtherSections', { problems: refusedElsewhere.join('; ') })
                : result && !result.ok
                  ? t('configure.updateFailed', { reason: result.error ?? t('serverUnreachable') })
                  : null}
            </FormAlert>
          </StyledFields>
        </Tabs>
      </form>
    </Dialog>
  );
}

interface GeneralFieldsProps {
  model: Model;
  draft: ModelDraft;
  problems: DraftProblems;
  onChange: <Field extends DraftField>(field: Field, value: ModelDraft[Field]) => void;
}

function GeneralFields({ model, draft, problems, onChange }: GeneralFieldsProps) {
  const { t } = useTranslation('models');
  const currentStatus = t(STATUS_LABELS[model.status]);
  return (
    <>
      <SelectField
        label={t('configure.status')}
        value={draft.status ?? ''}
        onChange={(event) =>
          onChange(
            'status',
            event.target.value === 'active' || event.target.value === 'inactive' ? event.target.value : null,
          )
        }
        hint={
          draft.status === null
            ? t('configure.statusHint', {
                status: currentStatus,
                reason: model.statusReason ?? t('configure.setByHealthTest'),
              })
            : undefined
        }
      >
        {draft.status === null && <option value="">{t('configure.unchanged', { status: currentStatus })}</option>}
        <option value="active">{t('status.active')}</option>
        <option value="inactive">{t('status.inactive')}</option>
      </SelectField>
      {model.endpoint === null ? (
        <StyledNote>{t('configure.offline')}</StyledNote>
      ) : (
        <>
          <TextField
            label={t('configure.endpoint')}
            type="url"
            value={draft.endpoint}
            onChange={(event) => onChange('endpoint', event.target.value)}
            hint={
              clearsStoredKey(model, draft)
                ? t('configure.endpointClearsKey', { key: model.apiKey })
                : t('configure.endpointHint', { provider: model.providerName })
            }
            error={problems.endpoint}
            autoComplete="off"
          />
          <PasswordField
            label={t('configure.apiKey')}
            value={draft.apiKey}
            onChange={(event) => onChange('apiKey', event.target.value)}
            placeholder={model.apiKey ?? undefined}
            hint={model.apiKey ? t('configure.currentKey', { key: model.apiKey }) : t('configure.noKey')}
            autoComplete="off"
          />
          {(model.apiKey !== null || !model.requiresApiKey) && <RefreshModelsButton model={model} />}
        </>
      )}
    </>
  );
}

/** Asks the provider's endpoint, with its saved endpoint and key, which models it serves now. */
function RefreshModelsButton({ model }: { model: Model }) {
  const { t } = useTranslation('models');
  const csrfToken = useAuthenticityToken();
  const fetcherKey = refreshFetcherKey(model.provider);
  const fetcher = useFetcher<RefreshModelsResult>({ key: fetcherKey });
  useFetcherAnnouncement<RefreshModelsResult>(fetcherKey, (result) =>
    refreshAnnouncement(result, model.providerName, t),
  );
  const refreshing = fetcher.state !== 'idle';
  return (
    <StyledAside>
      <Button
        type="button"
        variant="secondary"
        disabled={refreshing}
        busy={refreshing}
        onClick={() =>
          fetcher.submit(
            { ...refreshModelsForm(model.provider), csrf: csrfToken },
            { method: 'post', action: '/models' },
          )
        }
      >
        {t('configure.refreshModels')}
      </Button>
    </StyledAside>
  );
}

/** Toasts the answer to each model's Save, wherever the dialog is by then. */
export function ModelUpdateAnnouncement({ model }: { model: Model }) {
  const { t } = useTranslation('models');
  useFetcherAnnouncement<UpdateModelResult>(updateFetcherKey(model.id), (result) =>
    updateAnnouncement(result, model.name, t),
  );
  return null;
}

const StyledFields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledAside = styled.div`
  align-self: flex-start;
`;

const StyledNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
