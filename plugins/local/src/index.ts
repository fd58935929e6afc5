import {
  defineModelProviderPlugin,
  readGroundedMessages,
  type ChatRequest,
  type ChatResponse,
  type ChatStreamPart,
} from '@docent/plugin-sdk';
import { answerFromPassages } from './extractive-answer.js';
import { countTokens } from './text-analysis.js';

/**
 * An offline provider that needs no key, no server and no weights: it answers
 * questions written with `buildGroundedMessages` by quoting the most relevant
 * sentences of the given passages, cited as [n]. Messages in any other format are
 * answered as a question with no documents.
 */
export default defineModelProviderPlugin({
  id: 'local',
  displayName: 'Local (offline extractive answers)',
  requiresApiKey: false,
  models: [
    {
      id: 'extractive',
      name: 'Local extractive answers',
      contextWindow: 32_768,
      pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
      capabilities: ['chat', 'streaming'],
      trainingData: 'None: it selects sentences from the documents it is given',
      strengths: ['works offline', 'no cost', 'answers only from the documents', 'always cites its sources'],
    },
  ],
  async chat(request) {
    request.signal?.throwIfAborted();
    return answer(request);
  },
  async *chatStream(request): AsyncIterable<ChatStreamPart> {
    request.signal?.throwIfAborted();
    const { text, usage, finishReason } = answer(request);
    // Word-sized deltas, each with the space that follows it, so they join back to the text.
    for (const word of text.match(/\S+\s*/g) ?? []) {
      request.signal?.throwIfAborted();
      yield { type: 'text-delta', text: word };
    }
    yield { type: 'finish', usage, finishReason };
  },
  async healthCheck() {
    return { healthy: true };
  },
});

function answer(request: ChatRequest): ChatResponse {
  const grounded = readGroundedMessages(request.messages);
  const question = grounded?.question ?? request.messages.findLast((message) => message.role === 'user')?.content ?? '';
  const { text, finishReason } = answerFromPassages(question, grounded?.passages ?? [], request.maxTokens);
  const inputTokens = request.messages.reduce((total, message) => total + countTokens(message.content), 0);
  return { text, usage: { inputTokens, outputTokens: countTokens(text) }, finishReason };
}
