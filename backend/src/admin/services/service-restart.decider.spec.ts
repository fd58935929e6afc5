import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { cannotBeRestarted, serviceRestartDecider } from './service-restart.decider.js';

describe('service restart decider', () => {
  it('records a restart of a component that can be restarted, with how long it took', () => {
    specFor(serviceRestartDecider)
      .given([{ type: 'ServiceRestarted', data: { service: 'projections', tookMs: 40 } }])
      .when({ type: 'RecordRestart', service: 'projections', restartable: true, tookMs: 12 })
      .then([{ type: 'ServiceRestarted', data: { service: 'projections', tookMs: 12 } }]);
  });

  it('refuses a component that cannot be restarted', () => {
    specFor(serviceRestartDecider)
      .given([])
      .when({ type: 'RecordRestart', service: 'database', restartable: false, tookMs: 0 })
      .thenThrows(cannotBeRestarted('database'));
  });
});
