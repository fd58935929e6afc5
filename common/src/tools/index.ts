export * from './tools-api.js';
