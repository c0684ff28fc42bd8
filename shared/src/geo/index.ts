export * from './area';
