export * from './search-api.js';
