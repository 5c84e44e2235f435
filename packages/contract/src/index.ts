export * from './envelope.js';
export * from './errors.js';
export * from './flags.js';
export * from './constants.js';
export * from './languages.js';
export * from './routes.js';
export * from './system.js';
