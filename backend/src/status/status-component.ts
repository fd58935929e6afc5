import { DiscoveryService } from '@nestjs/core';
import type { ComponentStatus } from '@docent/common/api';

export type { ComponentState, ComponentStatus } from '@docent/common/api';

export interface StatusProbe {
  probe(): Promise<ComponentStatus>;
  /** Restarts the component in this process (System Services' Restart); absent where nothing can be restarted. */
  restart?(): Promise<void>;
}

/** Marks a provider as the probe of one component listed by GET /status. */
export const StatusComponent = DiscoveryService.createDecorator<string>();
