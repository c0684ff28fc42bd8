import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import * as React from 'react';
import singleSpaReact from 'single-spa-react';
import type { MfProps } from '../contracts/microfrontend';
import { ErrorState } from './States';

interface BoundaryProps {
  area: string;
  children: ReactNode;
}

/** Keeps a crash inside one area: the area shows a message and a retry, the shell keeps working. */
export class AreaErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.area}] crashed`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <ErrorState
          title={`${this.props.area} ran into a problem`}
          message="This part of Paddock stopped working. The rest of the app is still available."
          onRetry={() => this.setState({ failed: false })}
        />
      );
    }
    return this.props.children;
  }
}

/** single-spa lifecycles for a remote's root component, with the area's error boundary around it. */
export function createRemoteLifecycles(area: string, Root: ComponentType<MfProps>) {
  const Wrapped = (props: MfProps) => (
    <AreaErrorBoundary area={area}>
      <Root {...props} />
    </AreaErrorBoundary>
  );
  return singleSpaReact<MfProps>({
    React,
    ReactDOMClient,
    rootComponent: Wrapped,
    // Only reached if the boundary above itself fails; keeps single-spa from blanking the area.
    errorBoundary: () => <ErrorState title={`${area} ran into a problem`} message="Please reload the page." />,
  });
}
