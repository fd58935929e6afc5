export * from './limits.js';
export * from './email.js';
export * from './registration.js';
export * from './password-strength.js';
export * from './api-key.js';
export * from './profile.js';
export * from './request-input.js';
export * from './request-schema.js';
