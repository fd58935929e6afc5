import { toolPluginSchema } from '@docent/plugin-sdk';
import { describe, expect, it } from '@jest/globals';
import comingSoon from './index.js';

describe('the coming-soon tools', () => {
  it('are web_scraper, email_send and calendar_create_event, listed as coming soon with nothing to run', () => {
    expect(comingSoon.map((tool) => [tool.name, tool.status, tool.execute])).toEqual([
      ['web_scraper', 'coming-soon', undefined],
      ['email_send', 'coming-soon', undefined],
      ['calendar_create_event', 'coming-soon', undefined],
    ]);
  });

  it('each satisfy the tool contract', () => {
    for (const tool of comingSoon) expect(toolPluginSchema.safeParse(tool).success).toBe(true);
  });
});
