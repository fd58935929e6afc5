export * from './search-api.js';
export * from './search.schemas.js';
