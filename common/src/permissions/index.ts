export * from './catalog.js';
export * from './ability.js';
