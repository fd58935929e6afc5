import { DiscoveryService } from '@nestjs/core';

export type ComponentState = 'ready' | 'degraded' | 'unavailable';

export interface ComponentStatus {
  status: ComponentState;
  /** What an operator should know when the status is not ready. */
  message?: string;
  [detail: string]: unknown;
}

export interface StatusProbe {
  probe(): Promise<ComponentStatus>;
  /** Restarts the component in this process (System Services' Restart); absent where nothing can be restarted. */
  restart?(): Promise<void>;
}

/** Marks a provider as the probe of one component listed by GET /status. */
export const StatusComponent = DiscoveryService.createDecorator<string>();
