export * from './preferences-api.js';
export * from './preferences.schemas.js';
