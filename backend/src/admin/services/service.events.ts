declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /** An administrator restarted a component of the server in the process that took the request. */
    ServiceRestarted: { service: string; tookMs: number };
  }
}

export const serviceStreamId = (service: string) => `service-${service}`;
export const SERVICE_STREAM_TYPE = 'service';
