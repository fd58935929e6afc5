export * from './tools-api.js';
export * from './tools.schemas.js';
