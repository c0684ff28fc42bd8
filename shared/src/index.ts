export * from './contracts';
export * from './bus';
export * from './format';
export * from './api-client';
