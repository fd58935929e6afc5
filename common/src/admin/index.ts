export * from './admin-api.js';
export * from './admin.schemas.js';
