export { Button } from './Button';
export { Spinner, LoadingState, ErrorState } from './States';
export { Toaster } from './Toaster';
export { goTo, navigateTo } from './navigate';
export { AreaErrorBoundary, createRemoteLifecycles } from './spa';
