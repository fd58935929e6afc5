export * from './preferences-api.js';
