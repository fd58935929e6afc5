export * from './model-api.js';
