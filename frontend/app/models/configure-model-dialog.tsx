import { MODEL_PARAMETER_BOUNDS, type Model } from '@docent/common/models';
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
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

const TABS: { key: ConfigureTab; label: string }[] = [
  { key: 'general', label: 'General' },
  { key: 'parameters', label: 'Parameters' },
  { key: 'limits', label: 'Limits' },
];

const FIELD_ORDER = Object.keys(DRAFT_FIELD_TABS) as DraftField[];
const { temperature: TEMPERATURE, maxTokens: MAX_TOKENS, topP: TOP_P } = MODEL_PARAMETER_BOUNDS;
const NO_LIMIT_HINT = 'Leave empty for no limit; 0 stops the model.';

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
    const check = checkDraft(draft, { hasEndpoint });
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
      title={`Configure ${baseline.name}`}
      description={`${baseline.providerName} · ${baseline.id}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving} busy={saving}>
            Save Changes
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
        <Tabs label="Configuration sections" tabs={TABS} selected={tab} onSelect={setTab}>
          <StyledFields>
            {tab === 'general' && (
              <GeneralFields model={baseline} draft={draft} problems={problems} onChange={change} />
            )}
            {tab === 'parameters' && (
              <>
                <SliderField
                  label="Temperature"
                  {...TEMPERATURE}
                  value={draft.temperature}
                  onChange={(value) => change('temperature', value)}
                  hint="Higher values make answers more varied."
                  error={problems.temperature}
                />
                <TextField
                  label="Max tokens"
                  type="number"
                  inputMode="numeric"
                  min={MAX_TOKENS.min}
                  max={MAX_TOKENS.max}
                  step={MAX_TOKENS.step}
                  value={draft.maxTokens}
                  onChange={(event) => change('maxTokens', event.target.value)}
                  hint={`The longest answer, from ${MAX_TOKENS.min} to ${MAX_TOKENS.max} tokens.`}
                  error={problems.maxTokens}
                />
                <SliderField
                  label="Top P"
                  {...TOP_P}
                  value={draft.topP}
                  onChange={(value) => change('topP', value)}
                  hint="Samples only from the most likely tokens whose probabilities add up to this."
                  error={problems.topP}
                />
              </>
            )}
            {tab === 'limits' && (
              <>
                <TextField
                  label="Daily request limit"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={draft.dailyRequests}
                  onChange={(event) => change('dailyRequests', event.target.value)}
                  hint={NO_LIMIT_HINT}
                  error={problems.dailyRequests}
                />
                <TextField
                  label="Monthly budget ($)"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={draft.monthlyBudget}
                  onChange={(event) => change('monthlyBudget', event.target.value)}
                  hint={`US dollars per calendar month (UTC). ${NO_LIMIT_HINT}`}
                  error={problems.monthlyBudget}
                />
                <TextField
                  label="Max concurrent requests"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={draft.maxConcurrent}
                  onChange={(event) => change('maxConcurrent', event.target.value)}
                  hint={NO_LIMIT_HINT}
                  error={problems.maxConcurrent}
                />
              </>
            )}
            <FormAlert>
              {refusedElsewhere.length > 0
                ? `Correct the other sections too: ${refusedElsewhere.join('; ')}`
                : result && !result.ok
                  ? `Update failed: ${result.error ?? 'the server could not be reached'}`
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
  return (
    <>
      <SelectField
        label="Status"
        value={draft.status ?? ''}
        onChange={(event) =>
          onChange(
            'status',
            event.target.value === 'active' || event.target.value === 'inactive' ? event.target.value : null,
          )
        }
        hint={
          draft.status === null
            ? `${STATUS_LABELS[model.status]}: ${model.statusReason ?? 'set by its health test'}. A passed test makes it active.`
            : undefined
        }
      >
        {draft.status === null && <option value="">{STATUS_LABELS[model.status]} (unchanged)</option>}
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </SelectField>
      {model.endpoint === null ? (
        <StyledNote>This provider runs offline: it has no API endpoint and needs no API key.</StyledNote>
      ) : (
        <>
          <TextField
            label="API endpoint"
            type="url"
            value={draft.endpoint}
            onChange={(event) => onChange('endpoint', event.target.value)}
            hint={
              clearsStoredKey(model, draft)
                ? `Changing the endpoint clears the stored API key (${model.apiKey}) unless you enter one.`
                : `Shared by every ${model.providerName} model. Leave empty for the provider's default.`
            }
            error={problems.endpoint}
            autoComplete="off"
          />
          <PasswordField
            label="API key"
            value={draft.apiKey}
            onChange={(event) => onChange('apiKey', event.target.value)}
            placeholder={model.apiKey ?? undefined}
            hint={
              model.apiKey
                ? `Current key: ${model.apiKey}. Type a new key to replace it.`
                : 'No key set. Type one to use it.'
            }
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
  const csrfToken = useAuthenticityToken();
  const fetcherKey = refreshFetcherKey(model.provider);
  const fetcher = useFetcher<RefreshModelsResult>({ key: fetcherKey });
  useFetcherAnnouncement<RefreshModelsResult>(fetcherKey, (result) => refreshAnnouncement(result, model.providerName));
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
        Refresh models
      </Button>
    </StyledAside>
  );
}

/** Toasts the answer to each model's Save, wherever the dialog is by then. */
export function ModelUpdateAnnouncement({ model }: { model: Model }) {
  useFetcherAnnouncement<UpdateModelResult>(updateFetcherKey(model.id), (result) =>
    updateAnnouncement(result, model.name),
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
