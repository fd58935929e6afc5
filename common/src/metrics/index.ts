export * from './metrics-api.js';
export * from './metrics-requests.js';
