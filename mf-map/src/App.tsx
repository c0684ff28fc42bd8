import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { MfProps } from '@paddock/shared/contracts';
import { MapAreaProvider } from './context';
import { FarmMapPage } from './farm-page/FarmMapPage';

/** The area's own router; the host decides which paths reach this area and shows 404s itself. */
export function App(props: MfProps) {
  return (
    <MapAreaProvider props={props}>
      <BrowserRouter basename={props.basename}>
        <Routes>
          <Route path="/farms/:farmId" element={<FarmMapPage />} />
          <Route path="*" element={null} />
        </Routes>
      </BrowserRouter>
    </MapAreaProvider>
  );
}
