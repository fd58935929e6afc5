import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { apiKeyUsageDecider } from './api-key-usage.decider.js';

describe('API key usage decider', () => {
  it('records each use it is given, whatever was recorded before', () => {
    specFor(apiKeyUsageDecider)
      .given([{ type: 'ApiKeyUsed', data: { keyId: 'k-1' } }])
      .when({ type: 'RecordUse', keyId: 'k-1' })
      .then([{ type: 'ApiKeyUsed', data: { keyId: 'k-1' } }]);
  });
});
