import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/english.spec-support';
import { toolAnnouncement as announce, toolErrorMessage, type ToolActionResult } from './tool-actions';

const toolAnnouncement = (result: ToolActionResult) => announce(result, englishT('tools'));

describe("a tool call's error text (spec section 8)", () => {
  it("is the server's error when the answer has one", () => {
    expect(
      toolErrorMessage({ status: 422, statusText: 'Unprocessable Entity', body: { error: 'Division by zero' } }),
    ).toBe('Division by zero');
  });

  it("is 'HTTP {status}: {text}' when a failed answer has no error", () => {
    expect(toolErrorMessage({ status: 502, statusText: 'Bad Gateway', body: undefined })).toBe('HTTP 502: Bad Gateway');
    expect(toolErrorMessage({ status: 500, statusText: 'Internal Server Error', body: { error: '' } })).toBe(
      'HTTP 500: Internal Server Error',
    );
  });

  it("is 'Tool execution failed' when there is nothing more to say", () => {
    expect(toolErrorMessage({ status: 0, statusText: '', body: undefined })).toBe('Tool execution failed');
    expect(toolErrorMessage({ status: 200, statusText: 'OK', body: { success: false } })).toBe('Tool execution failed');
  });
});

describe("a demo's toast", () => {
  const execution = { success: true as const, tool: 'calculate', result: 42, metadata: { latency_ms: 1 } };

  it("says '{tool} executed successfully'", () => {
    expect(toolAnnouncement({ intent: 'calculate', ok: true, execution })).toEqual({
      type: 'success',
      title: 'calculate executed successfully',
    });
  });

  it("says '{tool} failed: {message}'", () => {
    expect(toolAnnouncement({ intent: 'search', ok: false, error: 'HTTP 403: Forbidden' })).toEqual({
      type: 'error',
      title: 'search failed: HTTP 403: Forbidden',
    });
  });
});
