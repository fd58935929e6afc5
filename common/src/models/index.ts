export * from './model-api.js';
export * from './models.schemas.js';
