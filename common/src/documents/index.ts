export * from './document-status.js';
export * from './document-lifecycle.machine.js';
export * from './document-api.js';
export * from './documents.schemas.js';
