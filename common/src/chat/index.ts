export * from './chat-api.js';
export * from './chat.schemas.js';
