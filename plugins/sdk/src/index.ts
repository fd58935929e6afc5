export * from './plugin-context.js';
export * from './tool-plugin.js';
export * from './model-provider-plugin.js';
export * from './plugin-schemas.js';
export * from './discover-plugins.js';
