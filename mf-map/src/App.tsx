import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { routePatterns, type MfProps } from '@paddock/shared/contracts';
import { MapAreaProvider } from './context';
import { FarmMapPage } from './farm-page/FarmMapPage';

/** The area's own router over its routes of the shared route contract; the host decides which paths reach this area and shows 404s itself. */
export function App(props: MfProps) {
  return (
    <MapAreaProvider props={props}>
      <BrowserRouter basename={props.basename}>
        <Routes>
          <Route path={routePatterns.farmMap} element={<FarmMapPage />} />
          <Route path="*" element={null} />
        </Routes>
      </BrowserRouter>
    </MapAreaProvider>
  );
}
