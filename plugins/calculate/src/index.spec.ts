import { ToolInputError, type PluginContext } from '@docent/plugin-sdk';
import { describe, expect, it } from '@jest/globals';
import calculateTool, { calculate } from './index.js';

const context = {} as PluginContext;

describe('calculate', () => {
  it.each([
    ['add', 2, 3, 5],
    ['subtract', 2, 3, -1],
    ['multiply', -4, 2.5, -10],
    ['divide', 7, 2, 3.5],
    ['divide', 0, -5, 0],
    ['multiply', 1e154, 1e154, 1e308],
    ['add', Number.MAX_SAFE_INTEGER, 1, 2 ** 53],
  ] as const)('%s %d and %d gives %d', (operation, a, b, expected) => {
    expect(calculate({ operation, a, b })).toBe(expected);
  });

  it('refuses a division by zero with a message, never Infinity or NaN', () => {
    expect(() => calculate({ operation: 'divide', a: 1, b: 0 })).toThrow(
      new ToolInputError('Division by zero: b must not be 0'),
    );
    expect(() => calculate({ operation: 'divide', a: 0, b: 0 })).toThrow(ToolInputError);
    expect(() => calculate({ operation: 'divide', a: 1, b: -0 })).toThrow(ToolInputError);
  });

  it('refuses operands that are not finite', () => {
    expect(() => calculate({ operation: 'add', a: Number.NaN, b: 1 })).toThrow('a must be a finite number');
    expect(() => calculate({ operation: 'add', a: 1, b: Number.POSITIVE_INFINITY })).toThrow(
      'b must be a finite number',
    );
  });

  it('refuses an answer too large for a number rather than answering Infinity', () => {
    expect(() => calculate({ operation: 'multiply', a: 1e308, b: 10 })).toThrow(
      'The result of 1e+308 × 10 is too large to represent',
    );
    expect(() => calculate({ operation: 'add', a: Number.MAX_VALUE, b: Number.MAX_VALUE })).toThrow(ToolInputError);
    expect(() => calculate({ operation: 'divide', a: 1e308, b: 1e-10 })).toThrow(ToolInputError);
  });

  it('is a ready, read-only, idempotent computation tool that needs the MCP server', async () => {
    expect(calculateTool).toMatchObject({
      name: 'calculate',
      category: 'computation',
      readOnly: true,
      destructive: false,
      idempotent: true,
      requires: 'mcp-server',
    });
    expect(calculateTool.status).toBeUndefined();
    await expect(calculateTool.execute!({ operation: 'multiply', a: 6, b: 7 }, context)).resolves.toEqual({
      result: 42,
      metadata: { expression: '6 × 7 = 42' },
    });
  });
});
