import { BrowserRouter } from 'react-router-dom';
import type { MfProps } from '@paddock/shared/contracts';
import { CommerceProvider } from './context';
import { CommerceRoutes } from './routes';

/** The area's own router; the host decides which paths reach this area and shows 404s itself. */
export function App(props: MfProps) {
  return (
    <CommerceProvider props={props}>
      <BrowserRouter basename={props.basename}>
        <CommerceRoutes />
      </BrowserRouter>
    </CommerceProvider>
  );
}
