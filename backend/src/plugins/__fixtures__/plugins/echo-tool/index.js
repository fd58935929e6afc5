export default {
  name: 'echo',
  category: 'testing',
  description: 'Returns the text it is given',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' } },
    required: ['text'],
  },
  readOnly: true,
  destructive: false,
  idempotent: true,
  async execute(input) {
    return { result: input.text, metadata: { length: input.text.length } };
  },
};
