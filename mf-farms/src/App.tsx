import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { MfProps } from '@paddock/shared/contracts';
import { FarmsPage } from './pages/FarmsPage';
import { FarmDetailsPage } from './pages/FarmDetailsPage';

/** The area's own router; the host decides which paths reach this area and shows 404s itself. */
export function App({ basename }: MfProps) {
  return (
    <BrowserRouter basename={basename}>
      <Routes>
          <Route path="/farms" element={<FarmsPage />} />
          <Route path="/farms/:farmId/details" element={<FarmDetailsPage />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
