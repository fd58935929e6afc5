declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /**
     * One run of a tool, through the API, /demo or MCP: facts only. Neither the input nor
     * the result is kept; they are the caller's data.
     */
    ToolExecuted: {
      tool: string;
      callerId: string;
      /** From the call to the tool's answer, in milliseconds. */
      latencyMs: number;
      outcome: 'success' | 'error';
      /** The tool's message, when it failed. */
      error?: string;
    };
  }
}

/** Each caller's tool runs are one stream of facts: nothing is decided from it, so appends expect any version. */
export const TOOL_EXECUTIONS_STREAM_TYPE = 'tool-executions';
export const toolExecutionsStreamId = (callerId: string) => `tool-executions-${callerId}`;
