import { describe, expect, it } from '@jest/globals';
import type { ToolPlugin } from '@docent/plugin-sdk';
import type { DomainError } from '../../common/domain-error.js';
import { ToolInputValidator } from './tool-input-validator.js';

const tool = (inputSchema: ToolPlugin['inputSchema']): ToolPlugin => ({
  name: 'sample',
  category: 'testing',
  description: 'A sample',
  inputSchema,
  readOnly: true,
  destructive: false,
  idempotent: true,
});

const SCHEMA = {
  type: 'object',
  properties: {
    mode: { type: 'string', enum: ['fast', 'slow'] },
    options: { type: 'object', properties: { depth: { type: 'integer', minimum: 1 } } },
  },
  required: ['mode'],
  additionalProperties: false,
} as const;

function refusal(validator: ToolInputValidator, plugin: ToolPlugin, parameters: Record<string, unknown>) {
  try {
    validator.assertValid(plugin, parameters);
  } catch (error) {
    return { kind: (error as DomainError).kind, message: (error as DomainError).message };
  }
  return null;
}

describe('ToolInputValidator', () => {
  const validator = new ToolInputValidator();
  const sample = tool(SCHEMA);

  it('accepts parameters the schema accepts', () => {
    expect(refusal(validator, sample, { mode: 'fast', options: { depth: 2 } })).toBeNull();
  });

  it('refuses others as invalid, naming the field and the rule', () => {
    expect(refusal(validator, sample, {})).toEqual({
      kind: 'invalid',
      message: "Invalid parameters for sample: parameters must have required property 'mode'",
    });
    expect(refusal(validator, sample, { mode: 'medium' })?.message).toBe(
      'Invalid parameters for sample: mode must be one of fast, slow',
    );
    expect(refusal(validator, sample, { mode: 'fast', options: { depth: 0 } })?.message).toBe(
      'Invalid parameters for sample: options.depth must be >= 1',
    );
    expect(refusal(validator, sample, { mode: 'fast', extra: true })?.message).toBe(
      'Invalid parameters for sample: parameters has an unknown field extra',
    );
  });

  it("answers a schema that cannot be compiled as the tool's failure, not the caller's", () => {
    const broken = tool({ type: 'object', properties: { n: { type: 'no-such-type' } } });
    expect(refusal(new ToolInputValidator(), broken, { n: 1 })).toEqual({
      kind: 'upstream-failed',
      message: expect.stringMatching(/^sample has an invalid input schema: /),
    });
  });
});
