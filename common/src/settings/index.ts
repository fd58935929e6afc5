export * from './settings-api.js';
export * from './settings.schemas.js';
