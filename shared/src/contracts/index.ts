export * from './errors';
export * from './accounts';
export * from './profile-rules';
export * from './identity';
export * from './health';
export * from './microfrontend';
export * from './onboarding';
