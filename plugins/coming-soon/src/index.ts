import { defineToolPlugin } from '@docent/plugin-sdk';

/**
 * Tools announced on the tool list before they exist. They are data only: no `execute`,
 * so nothing can pretend to scrape, send or book.
 */
export default [
  defineToolPlugin({
    name: 'web_scraper',
    category: 'web',
    description: 'Fetches a web page and extracts its readable text',
    inputSchema: {
      type: 'object',
      properties: { url: { type: 'string', format: 'uri', description: 'The page to read' } },
      required: ['url'],
    },
    readOnly: true,
    destructive: false,
    idempotent: true,
    status: 'coming-soon',
  }),
  defineToolPlugin({
    name: 'email_send',
    category: 'communication',
    description: 'Sends an email on behalf of the caller',
    inputSchema: {
      type: 'object',
      properties: {
        to: { type: 'string', format: 'email' },
        subject: { type: 'string' },
        body: { type: 'string' },
      },
      required: ['to', 'subject', 'body'],
    },
    readOnly: false,
    destructive: false,
    idempotent: false,
    status: 'coming-soon',
  }),
  defineToolPlugin({
    name: 'calendar_create_event',
    category: 'productivity',
    description: "Creates an event in the caller's calendar",
    inputSchema: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        start: { type: 'string', format: 'date-time' },
        end: { type: 'string', format: 'date-time' },
      },
      required: ['title', 'start', 'end'],
    },
    readOnly: false,
    destructive: false,
    idempotent: false,
    status: 'coming-soon',
  }),
];
