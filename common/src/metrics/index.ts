export * from './metrics-api.js';
