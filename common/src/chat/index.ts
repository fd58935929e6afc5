export * from './chat-api.js';
