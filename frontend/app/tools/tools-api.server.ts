import { STATUS_CODES } from 'node:http';
import type { ToolExecutionResponse, ToolListResponse } from '@docent/common/tools';
// Relative, not '~/': the specs beside this file load it without the app's bundler.
import { ApiError, type SignedInApi } from '../lib/api-client.server';
import type { ToolActionCommand } from './tool-action-form';
import { toolErrorMessage, type ToolActionResult } from './tool-actions';

/** The tools and where MCP clients connect (GET /api/tools/list). */
export async function loadToolsPage(api: SignedInApi): Promise<Omit<ToolListResponse, 'success'>> {
  const { tools, mcpEndpoint } = await api.call<ToolListResponse>('/api/tools/list');
  return { tools, mcpEndpoint };
}

/** The demo route each intent runs: POST /demo/{tool}. */
const demoPath = (command: ToolActionCommand) => `/demo/${command.intent}`;

/**
 * Runs a demo as the signed-in user. A refusal or a failing tool is the result's error,
 * in the spec's words; the API out of reach is 'Tool execution failed', as any failure
 * with nothing more to say.
 */
export async function runToolDemo(api: SignedInApi, command: ToolActionCommand): Promise<ToolActionResult> {
  const { intent } = command;
  let response: Response;
  try {
    ({ response } = await api.raw(demoPath(command), { method: 'POST', body: command.payload }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { intent, ok: false, error: toolErrorMessage({ status: 0, statusText: '', body: undefined }) };
  }
  const body: unknown = await response.json().catch(() => undefined);
  const execution = body as Partial<ToolExecutionResponse> | undefined;
  if (response.ok && execution?.success === true)
    return { intent, ok: true, execution: execution as ToolExecutionResponse };
  const statusText = response.statusText || STATUS_CODES[response.status] || '';
  return { intent, ok: false, error: toolErrorMessage({ status: response.status, statusText, body }) };
}
