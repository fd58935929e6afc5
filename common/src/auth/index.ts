export * from './auth.schemas.js';
