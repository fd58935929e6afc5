import { Injectable } from '@nestjs/common';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../../status/status-component.js';
import { MCP_PATH } from './mcp-path.js';

/** The MCP server: ready once its endpoint takes requests. */
@StatusComponent('mcp-server')
@Injectable()
export class McpServerProbe implements StatusProbe {
  private mounted = false;

  /** Called by the endpoint when the server has started with its route registered. */
  markMounted(): void {
    this.mounted = true;
  }

  async probe(): Promise<ComponentStatus> {
    const details = { path: MCP_PATH, transport: 'streamable-http' };
    return this.mounted
      ? { status: 'ready', ...details }
      : { status: 'unavailable', message: 'The MCP endpoint is not mounted yet', ...details };
  }
}
