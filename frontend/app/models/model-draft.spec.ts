import type { Model } from '@docent/common/models';
import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/english.spec-support';
import {
  changedFields,
  checkDraft as check,
  checkProviderDraft as checkProvider,
  clearsStoredKey,
  draftFromModel,
  isEmptyUpdate,
  type ModelDraft,
} from './model-draft';
import { SAMPLE_MODELS } from './sample-models';

const t = englishT('models');
const checkDraft = (draft: ModelDraft, options: { hasEndpoint: boolean }) => check(draft, options, t);
const checkProviderDraft = (fields: Parameters<typeof checkProvider>[0]) => checkProvider(fields, t);

const model: Model = {
  ...SAMPLE_MODELS[0]!,
  status: 'active',
  endpoint: 'https://api.example.com/v1',
  apiKey: 'sk-…3f9a',
  configuration: { temperature: 0.7, maxTokens: 2048, topP: 1, frequencyPenalty: 0, presencePenalty: 0 },
  limits: { dailyRequests: 1000, monthlyBudget: null, maxConcurrent: 5 },
};
const withEndpoint = { hasEndpoint: true };

function saved(change: Partial<ModelDraft>, on: Model = model, options = withEndpoint) {
  const check = checkDraft({ ...draftFromModel(on), ...change }, options);
  if (!check.ok) throw new Error(`refused: ${JSON.stringify(check.problems)}`);
  return changedFields(on, check.values, options);
}

function problems(change: Partial<ModelDraft>) {
  const check = checkDraft({ ...draftFromModel(model), ...change }, withEndpoint);
  return check.ok ? {} : check.problems;
}

describe('the Configure dialog sends only what changed', () => {
  it('sends nothing when nothing was touched', () => {
    expect(isEmptyUpdate(saved({}))).toBe(true);
  });

  it('sends a changed parameter alone, without the unchanged ones', () => {
    expect(saved({ temperature: 1.2 })).toEqual({ configuration: { temperature: 1.2 } });
  });

  it('reads a slider position such as 0.30000000000000004 as the tenth it shows', () => {
    expect(saved({ temperature: 0.1 * 3 })).toEqual({ configuration: { temperature: 0.3 } });
  });

  it('sends a changed limit alone, and an emptied limit as no limit', () => {
    expect(saved({ dailyRequests: '250' })).toEqual({ limits: { dailyRequests: 250 } });
    expect(saved({ maxConcurrent: '' })).toEqual({ limits: { maxConcurrent: null } });
    expect(saved({ monthlyBudget: '12.5' })).toEqual({ limits: { monthlyBudget: 12.5 } });
  });

  it('sends the status, endpoint and a newly typed key when they change', () => {
    expect(saved({ status: 'inactive', endpoint: ' https://other.example.com/v1 ', apiKey: ' sk-new ' })).toEqual({
      status: 'inactive',
      endpoint: 'https://other.example.com/v1',
      apiKey: 'sk-new',
    });
  });

  it('leaves an error status alone: only a health test changes it', () => {
    const failing: Model = { ...model, status: 'error', statusReason: 'Invalid API key' };
    expect(draftFromModel(failing).status).toBeNull();
    expect(isEmptyUpdate(saved({}, failing))).toBe(true);
  });

  it('never sends an endpoint or key for a provider without one', () => {
    const offline: Model = { ...model, endpoint: null, apiKey: null, requiresApiKey: false };
    expect(saved({ apiKey: 'ignored', endpoint: 'https://x.example' }, offline, { hasEndpoint: false })).toEqual({});
  });
});

describe('the Configure dialog warns when saving would clear the stored key', () => {
  const draft = (change: Partial<ModelDraft>, on: Model = model) => ({ ...draftFromModel(on), ...change });

  it('warns once the endpoint is changed or emptied and no new key is typed', () => {
    expect(clearsStoredKey(model, draft({}))).toBe(false);
    expect(clearsStoredKey(model, draft({ endpoint: 'https://elsewhere.example.com/v1' }))).toBe(true);
    expect(clearsStoredKey(model, draft({ endpoint: '' }))).toBe(true);
  });

  it('does not warn when a new key comes with the endpoint, or when there is no key to clear', () => {
    const moved = { endpoint: 'https://elsewhere.example.com/v1' };
    expect(clearsStoredKey(model, draft({ ...moved, apiKey: 'sk-new-key' }))).toBe(false);
    expect(clearsStoredKey({ ...model, apiKey: null }, draft(moved, { ...model, apiKey: null }))).toBe(false);
  });
});

describe('the Configure dialog refuses values outside the spec bounds', () => {
  it('refuses max tokens outside 1 to 8192 or not whole', () => {
    const outsideBounds = 'Max tokens must be a whole number from 1 to 8192';
    expect(problems({ maxTokens: '8193' }).maxTokens).toBe(outsideBounds);
    expect(problems({ maxTokens: '0' }).maxTokens).toBe(outsideBounds);
    expect(problems({ maxTokens: '12.5' }).maxTokens).toBe(outsideBounds);
    expect(problems({ maxTokens: '' }).maxTokens).toBe(outsideBounds);
    expect(problems({ maxTokens: '8192' })).toEqual({});
  });

  it('refuses temperature outside 0 to 2 and top P outside 0 to 1', () => {
    expect(problems({ temperature: 2.1 }).temperature).toBe('Temperature must be between 0 and 2');
    expect(problems({ topP: -0.1 }).topP).toBe('Top P must be between 0 and 1');
    expect(problems({ temperature: 2, topP: 0 })).toEqual({});
  });

  it('refuses negative or fractional limits and text that is not a number', () => {
    expect(problems({ dailyRequests: '-1' }).dailyRequests).toBe(
      'Daily request limit must be a whole number of at least 0, or empty for no limit',
    );
    expect(problems({ maxConcurrent: '1.5' }).maxConcurrent).toBe(
      'Max concurrent requests must be a whole number of at least 0, or empty for no limit',
    );
    expect(problems({ monthlyBudget: 'lots' }).monthlyBudget).toBe(
      'Monthly budget must be an amount of at least 0, or empty for no limit',
    );
    expect(problems({ dailyRequests: '0', monthlyBudget: '0', maxConcurrent: '0' })).toEqual({});
  });

  it('refuses an endpoint that is not an http or https URL, and takes an empty one as the default', () => {
    expect(problems({ endpoint: 'ftp://example.com' }).endpoint).toBe(
      'API endpoint must be an http or https URL, or empty for the default',
    );
    expect(problems({ endpoint: 'not a url' }).endpoint).toBe(
      'API endpoint must be an http or https URL, or empty for the default',
    );
    expect(saved({ endpoint: ' ' })).toEqual({ endpoint: '' });
  });
});

describe("the Add Provider dialog checks with the API's schema, in its own words", () => {
  it('gives the request as the API will read it, trimmed', () => {
    expect(checkProviderDraft({ name: ' Ollama ', baseURL: ' http://localhost:11434/v1 ', apiKey: '' })).toEqual({
      ok: true,
      request: { name: 'Ollama', baseURL: 'http://localhost:11434/v1', apiKey: '' },
    });
  });

  it('refuses a blank name and an address that is not http or https', () => {
    expect(checkProviderDraft({ name: ' ', baseURL: 'ftp://example.com' })).toEqual({
      ok: false,
      problems: { name: 'Enter a name for the provider', baseURL: 'Base URL must be an http or https URL' },
    });
  });

  it("says a text is too long in the API's words", () => {
    expect(checkProviderDraft({ name: 'n'.repeat(101), baseURL: 'http://localhost:11434/v1' })).toEqual({
      ok: false,
      problems: { name: 'name must be at most 100 characters' },
    });
  });
});
