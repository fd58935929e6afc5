import {
  addProviderSchema,
  MODEL_PARAMETER_BOUNDS,
  modelUpdateSchema,
  type AddProviderRequest,
  type Model,
  type ModelConfiguration,
  type ModelLimits,
  type ModelUpdate,
  type SettableModelStatus,
} from '@docent/common/models';
import type { TFunction } from 'i18next';

/**
 * What the Configure dialog's fields hold. Text fields keep the text as typed, so a
 * half-typed or out-of-range value can be refused with a message instead of lost.
 */
export interface ModelDraft {
  /** Null: the model is in error or configuring, a status only a health test changes; left as it is. */
  status: SettableModelStatus | null;
  endpoint: string;
  /** A new key typed in; empty keeps the current one. */
  apiKey: string;
  temperature: number;
  maxTokens: string;
  topP: number;
  /** Empty: no limit. */
  dailyRequests: string;
  monthlyBudget: string;
  maxConcurrent: string;
}

export type DraftField = keyof ModelDraft;
export type DraftProblems = Partial<Record<DraftField, string>>;

const limitText = (value: number | null): string => (value === null ? '' : String(value));

export function draftFromModel(model: Model): ModelDraft {
  return {
    status: model.status === 'active' || model.status === 'inactive' ? model.status : null,
    endpoint: model.endpoint ?? '',
    apiKey: '',
    temperature: model.configuration.temperature,
    maxTokens: String(model.configuration.maxTokens),
    topP: model.configuration.topP,
    dailyRequests: limitText(model.limits.dailyRequests),
    monthlyBudget: limitText(model.limits.monthlyBudget),
    maxConcurrent: limitText(model.limits.maxConcurrent),
  };
}

/** The draft's values once every field has passed its check. */
interface CheckedDraft {
  status: SettableModelStatus | null;
  endpoint: string;
  apiKey: string;
  configuration: Pick<ModelConfiguration, 'temperature' | 'maxTokens' | 'topP'>;
  limits: ModelLimits;
}

export type DraftCheck = { ok: true; values: CheckedDraft } | { ok: false; problems: DraftProblems };

const { temperature: TEMPERATURE, maxTokens: MAX_TOKENS, topP: TOP_P } = MODEL_PARAMETER_BOUNDS;

/** Temperature and top P move in tenths; a binary fraction such as 0.30000000000000004 is read as 0.3. */
const tenths = (value: number) => Math.round(value * 10) / 10;

/** A typed number; empty is null, and text that is no number is NaN, which the schema refuses. */
const parseNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The dialog's words for a field the API's schema refuses, naming the field as the dialog labels it. */
const problemTexts = (t: TFunction<'models'>): Partial<Record<DraftField, string>> => ({
  endpoint: t('problems.endpoint'),
  temperature: t('problems.temperature', { min: TEMPERATURE.min, max: TEMPERATURE.max }),
  maxTokens: t('problems.maxTokens', { min: MAX_TOKENS.min, max: MAX_TOKENS.max }),
  topP: t('problems.topP', { min: TOP_P.min, max: TOP_P.max }),
  dailyRequests: t('problems.dailyRequests'),
  monthlyBudget: t('problems.monthlyBudget'),
  maxConcurrent: t('problems.maxConcurrent'),
});

const isDraftField = (key: PropertyKey | undefined): key is DraftField =>
  typeof key === 'string' && key in DRAFT_FIELD_TABS;

/**
 * What a dialog says of a field the API's schema refuses: its own words, which are about
 * the field's form and range; a text too long, and a field it has no words for, in the API's.
 */
function problemText(
  issue: { code: string; origin?: unknown; message: string },
  dialogWords: string | undefined,
): string {
  const tooLong = issue.code === 'too_big' && issue.origin === 'string';
  return (tooLong ? undefined : dialogWords) ?? issue.message;
}

/**
 * Checks the draft with the API's own schema for PUT /api/models/{id} (the spec's bounds,
 * section 5), so an out-of-range value is refused before anything is sent. `hasEndpoint`:
 * the model's provider has an endpoint at all (the offline one has none).
 */
export function checkDraft(
  draft: ModelDraft,
  { hasEndpoint }: { hasEndpoint: boolean },
  t: TFunction<'models'>,
): DraftCheck {
  const endpoint = draft.endpoint.trim();
  const apiKey = draft.apiKey.trim();
  const monthlyBudget = parseNumber(draft.monthlyBudget);
  const values: CheckedDraft = {
    status: draft.status,
    endpoint,
    apiKey,
    configuration: {
      temperature: tenths(draft.temperature),
      // The dialog always has a value: an empty field is no number, refused.
      maxTokens: parseNumber(draft.maxTokens) ?? Number.NaN,
      topP: tenths(draft.topP),
    },
    limits: {
      dailyRequests: parseNumber(draft.dailyRequests),
      monthlyBudget: monthlyBudget === null ? null : Math.round(monthlyBudget * 100) / 100,
      maxConcurrent: parseNumber(draft.maxConcurrent),
    },
  };
  const checked = modelUpdateSchema.safeParse({
    // Empty is allowed: the server goes back to the provider's default endpoint. A new key
    // is not checked here: the server's refusal of it shows in the dialog and a toast.
    ...(hasEndpoint && { endpoint }),
    configuration: values.configuration,
    // The unrounded budget: a fraction of a cent below 0 is still below 0.
    limits: { ...values.limits, monthlyBudget },
  });
  if (checked.success) return { ok: true, values };
  const problems: DraftProblems = {};
  const dialogWords = problemTexts(t);
  for (const issue of checked.error.issues) {
    // A field's path ends with its name: `endpoint`, `configuration.temperature`, `limits.dailyRequests`.
    const field = issue.path.at(-1);
    if (isDraftField(field)) problems[field] ??= problemText(issue, dialogWords[field]);
  }
  return { ok: false, problems };
}

type ProviderField = keyof AddProviderRequest;
export type ProviderProblems = Partial<Record<ProviderField, string>>;

/** The Add Provider dialog's words for a field the API's schema refuses. */
const providerProblemTexts = (t: TFunction<'models'>): ProviderProblems => ({
  name: t('problems.providerName'),
  baseURL: t('problems.providerBaseURL'),
});

/** The Add Provider dialog's fields checked with the API's own schema: the request to send, or each field's problem. */
export function checkProviderDraft(
  fields: AddProviderRequest,
  t: TFunction<'models'>,
): { ok: true; request: AddProviderRequest } | { ok: false; problems: ProviderProblems } {
  const checked = addProviderSchema.safeParse(fields);
  if (checked.success) return { ok: true, request: checked.data };
  const problems: ProviderProblems = {};
  const dialogWords = providerProblemTexts(t);
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as ProviderField;
    problems[field] ??= problemText(issue, dialogWords[field]);
  }
  return { ok: false, problems };
}

function changedEntries<T extends object>(before: T, after: Partial<T>): Partial<T> | undefined {
  const changed = Object.fromEntries(
    Object.entries(after).filter(([key, value]) => before[key as keyof T] !== value),
  ) as Partial<T>;
  return Object.keys(changed).length > 0 ? changed : undefined;
}

/**
 * The PUT /api/models/{id} body: only what differs from the model (ARCHITECTURE §9).
 * Empty when nothing changed. `hasEndpoint` as for {@link checkDraft}.
 */
export function changedFields(
  model: Model,
  values: CheckedDraft,
  { hasEndpoint }: { hasEndpoint: boolean },
): ModelUpdate {
  const update: ModelUpdate = {};
  if (values.status !== null && values.status !== model.status) update.status = values.status;
  if (hasEndpoint && values.endpoint !== model.endpoint) update.endpoint = values.endpoint;
  if (hasEndpoint && values.apiKey !== '') update.apiKey = values.apiKey;
  const configuration = changedEntries(model.configuration, values.configuration);
  if (configuration) update.configuration = configuration;
  const limits = changedEntries(model.limits, values.limits);
  if (limits) update.limits = limits;
  return update;
}

export const isEmptyUpdate = (update: ModelUpdate): boolean => Object.keys(update).length === 0;

/**
 * Whether saving the draft would leave the provider without its stored key: the server
 * clears the key when the endpoint changes, unless the same save brings a new one, so
 * that a key is never sent anywhere but where it was entered.
 */
export function clearsStoredKey(model: Model, draft: ModelDraft): boolean {
  return model.apiKey !== null && draft.endpoint.trim() !== (model.endpoint ?? '') && draft.apiKey.trim() === '';
}

/** Which of the dialog's tabs holds each field: a refused field's tab is opened to show why. */
export const DRAFT_FIELD_TABS = {
  status: 'general',
  endpoint: 'general',
  apiKey: 'general',
  temperature: 'parameters',
  maxTokens: 'parameters',
  topP: 'parameters',
  dailyRequests: 'limits',
  monthlyBudget: 'limits',
  maxConcurrent: 'limits',
} as const satisfies Record<DraftField, string>;

export type ConfigureTab = (typeof DRAFT_FIELD_TABS)[DraftField];
