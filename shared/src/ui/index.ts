export { Button, IconButton } from './Button';
export { Icon, type IconName } from './Icon';
export { default as buttonStyles } from './buttons.module.css';
export { default as controls } from './controls.module.css';
export { Spinner, LoadingState, EmptyState, ErrorState } from './States';
export { Toaster } from './Toaster';
export { goTo, navigateTo } from './navigate';
export { AreaErrorBoundary, createRemoteLifecycles } from './spa';
export { TermsLink } from './TermsLink';
