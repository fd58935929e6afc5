import {
  MODEL_PARAMETER_BOUNDS,
  type Model,
  type ModelConfiguration,
  type ModelLimits,
  type ModelUpdate,
  type SettableModelStatus,
} from '@docent/common/models';

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

const isWhole = (value: number) => Number.isInteger(value);
const parseNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** An optional limit: empty is no limit; otherwise at least 0, and a whole number where asked. */
function checkLimit(text: string, whole: boolean): { ok: true; value: number | null } | { ok: false } {
  const value = parseNumber(text);
  if (value === null) return { ok: true, value: null };
  if (!Number.isFinite(value) || value < 0 || (whole && !isWhole(value))) return { ok: false };
  return { ok: true, value: whole ? value : Math.round(value * 100) / 100 };
}

export function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks the draft against the spec's bounds (section 5), the same the server enforces,
 * so an out-of-range value is refused before anything is sent. `hasEndpoint`: the
 * model's provider has an endpoint at all (the offline one has none).
 */
export function checkDraft(draft: ModelDraft, { hasEndpoint }: { hasEndpoint: boolean }): DraftCheck {
  const problems: DraftProblems = {};

  const endpoint = draft.endpoint.trim();
  // Empty is allowed: the server goes back to the provider's default endpoint.
  if (hasEndpoint && endpoint !== '' && !isHttpUrl(endpoint))
    problems.endpoint = 'API endpoint must be an http or https URL, or empty for the default';

  const temperature = tenths(draft.temperature);
  if (!(temperature >= TEMPERATURE.min && temperature <= TEMPERATURE.max)) {
    problems.temperature = `Temperature must be between ${TEMPERATURE.min} and ${TEMPERATURE.max}`;
  }
  const maxTokens = parseNumber(draft.maxTokens);
  if (maxTokens === null || !isWhole(maxTokens) || maxTokens < MAX_TOKENS.min || maxTokens > MAX_TOKENS.max) {
    problems.maxTokens = `Max tokens must be a whole number from ${MAX_TOKENS.min} to ${MAX_TOKENS.max}`;
  }
  const topP = tenths(draft.topP);
  if (!(topP >= TOP_P.min && topP <= TOP_P.max)) problems.topP = `Top P must be between ${TOP_P.min} and ${TOP_P.max}`;

  const dailyRequests = checkLimit(draft.dailyRequests, true);
  if (!dailyRequests.ok)
    problems.dailyRequests = 'Daily request limit must be a whole number of at least 0, or empty for no limit';
  const monthlyBudget = checkLimit(draft.monthlyBudget, false);
  if (!monthlyBudget.ok)
    problems.monthlyBudget = 'Monthly budget must be an amount of at least 0, or empty for no limit';
  const maxConcurrent = checkLimit(draft.maxConcurrent, true);
  if (!maxConcurrent.ok)
    problems.maxConcurrent = 'Max concurrent requests must be a whole number of at least 0, or empty for no limit';

  if (
    Object.keys(problems).length > 0 ||
    maxTokens === null ||
    !dailyRequests.ok ||
    !monthlyBudget.ok ||
    !maxConcurrent.ok
  ) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    values: {
      status: draft.status,
      endpoint,
      apiKey: draft.apiKey.trim(),
      configuration: { temperature, maxTokens, topP },
      limits: {
        dailyRequests: dailyRequests.value,
        monthlyBudget: monthlyBudget.value,
        maxConcurrent: maxConcurrent.value,
      },
    },
  };
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
