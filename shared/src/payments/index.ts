export * from './cards';
export * from './messages';
export * from './client';
