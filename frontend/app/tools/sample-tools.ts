import type { ToolView } from '@docent/common/tools';

const UNREACHABLE = 'The server is unreachable';
const COMING_SOON = 'Coming soon';

function sampleTool(
  name: string,
  category: string,
  description: string,
  unavailableReason: string,
  readOnly: boolean,
): ToolView {
  return {
    name,
    description,
    category,
    inputSchema: { type: 'object' },
    // Not Ready: a tool is ready only when the server reports its component ready, and there is no server to ask.
    status: 'coming-soon',
    unavailableReason,
    annotations: { readOnly, destructive: false, idempotent: readOnly },
  };
}

/**
 * The spec's six tools (section 2), shown when the API cannot be reached: what the server
 * offers when it runs, labelled as a sample on the page, none of them runnable.
 */
export const SAMPLE_TOOLS: readonly ToolView[] = Object.freeze([
  sampleTool('calculate', 'computation', 'Adds, subtracts, multiplies or divides two numbers.', UNREACHABLE, true),
  sampleTool('search', 'search', 'Searches the documents you may read.', UNREACHABLE, true),
  sampleTool('route', 'ai', 'Names the model the router would pick for a query, and why.', UNREACHABLE, true),
  sampleTool('web_scraper', 'web', 'Reads a web page.', COMING_SOON, true),
  sampleTool('email_send', 'communication', 'Sends an email.', COMING_SOON, false),
  sampleTool('calendar_create_event', 'productivity', 'Creates a calendar event.', COMING_SOON, false),
]);
