import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/english.spec-support';
import {
  refreshAnnouncement as refreshToast,
  testAnnouncement as testToast,
  updateAnnouncement as updateToast,
  type RefreshModelsResult,
  type TestModelResult,
  type UpdateModelResult,
} from './model-actions';
import { SAMPLE_MODELS } from './sample-models';

const modelId = 'local:extractive';
const t = englishT('models');
const updateAnnouncement = (result: UpdateModelResult, modelName: string) => updateToast(result, modelName, t);
const testAnnouncement = (result: TestModelResult, modelName: string) => testToast(result, modelName, t);
const refreshAnnouncement = (result: RefreshModelsResult, providerName: string) =>
  refreshToast(result, providerName, t);

describe('the spec toasts for Save', () => {
  it('confirms a saved update', () => {
    expect(
      updateAnnouncement({ intent: 'update', modelId, ok: true, model: SAMPLE_MODELS[0]! }, 'Extractive').title,
    ).toBe('Model updated successfully');
  });

  it('names the server reason for a refused update, and says only that it failed without one', () => {
    const refused = updateAnnouncement(
      { intent: 'update', modelId, ok: false, error: 'temperature must be between 0 and 2' },
      'Extractive',
    );
    expect(refused).toMatchObject({ type: 'error', title: 'Update failed: temperature must be between 0 and 2' });
    expect(updateAnnouncement({ intent: 'update', modelId, ok: false, error: null }, 'Extractive').title).toBe(
      'Failed to update model',
    );
  });
});

describe('the spec toasts for a model test', () => {
  it('gives the response time of a passed test in whole milliseconds', () => {
    const passed = testAnnouncement(
      { intent: 'test', modelId, ok: true, result: { success: true, responseTime: 41.6 } },
      'Extractive',
    );
    expect(passed).toMatchObject({ type: 'success', title: 'Model test successful (42ms)' });
  });

  it('gives the provider error of a failed test', () => {
    const failed = testAnnouncement(
      { intent: 'test', modelId, ok: true, result: { success: false, responseTime: 5, error: 'Invalid API key' } },
      'X',
    );
    expect(failed.title).toBe('Model test failed: Invalid API key');
  });

  it('tells a test that could not run apart from one that failed', () => {
    expect(testAnnouncement({ intent: 'test', modelId, ok: false, error: 'Forbidden' }, 'X').title).toBe(
      'Test failed: Forbidden',
    );
    expect(testAnnouncement({ intent: 'test', modelId, ok: false, error: null }, 'X').title).toBe(
      'Failed to test model',
    );
  });
});

describe('the toasts for Refresh models', () => {
  it('counts the models listed, or names why the endpoint could not list them', () => {
    expect(
      refreshAnnouncement({ intent: 'refresh-models', providerId: 'openai', ok: true, modelCount: 7 }, 'OpenAI'),
    ).toEqual({ type: 'success', title: 'Models refreshed: 7', message: 'OpenAI' });
    expect(
      refreshAnnouncement(
        {
          intent: 'refresh-models',
          providerId: 'openai',
          ok: false,
          error: 'Could not list the models of OpenAI: Invalid API key',
        },
        'OpenAI',
      ),
    ).toMatchObject({ type: 'error', title: 'Refresh failed: Could not list the models of OpenAI: Invalid API key' });
  });
});
