import { defineToolPlugin, ToolInputError } from '@docent/plugin-sdk';

export const OPERATIONS = ['add', 'subtract', 'multiply', 'divide'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface CalculateInput {
  operation: Operation;
  a: number;
  b: number;
}

const SYMBOLS: Record<Operation, string> = { add: '+', subtract: '−', multiply: '×', divide: '÷' };

const APPLY: Record<Operation, (a: number, b: number) => number> = {
  add: (a, b) => a + b,
  subtract: (a, b) => a - b,
  multiply: (a, b) => a * b,
  divide: (a, b) => a / b,
};

/**
 * The answer of `a operation b`. Division by zero and an answer too large for a number are
 * the caller's mistakes, refused with a message rather than answered with Infinity or NaN.
 */
export function calculate({ operation, a, b }: CalculateInput): number {
  for (const [name, value] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (!Number.isFinite(value)) throw new ToolInputError(`${name} must be a finite number`);
  }
  if (operation === 'divide' && b === 0) throw new ToolInputError('Division by zero: b must not be 0');
  const result = APPLY[operation](a, b);
  if (!Number.isFinite(result)) {
    throw new ToolInputError(`The result of ${a} ${SYMBOLS[operation]} ${b} is too large to represent`);
  }
  // -0 would print as 0 anyway; answering 0 keeps JSON and text in agreement.
  return result === 0 ? 0 : result;
}

export default defineToolPlugin<CalculateInput, number>({
  name: 'calculate',
  category: 'computation',
  description: 'Adds, subtracts, multiplies or divides two numbers: a (operation) b',
  inputSchema: {
    type: 'object',
    properties: {
      operation: { type: 'string', enum: [...OPERATIONS], description: 'What to do with a and b' },
      a: { type: 'number', description: 'The first operand' },
      b: { type: 'number', description: 'The second operand; not 0 for divide' },
    },
    required: ['operation', 'a', 'b'],
    additionalProperties: false,
  },
  outputSchema: { type: 'number', description: 'The answer, a finite number' },
  readOnly: true,
  destructive: false,
  idempotent: true,
  requires: 'mcp-server',
  async execute(input) {
    const result = calculate(input);
    return { result, metadata: { expression: `${input.a} ${SYMBOLS[input.operation]} ${input.b} = ${result}` } };
  },
});
