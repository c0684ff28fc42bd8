import { Route, Routes } from 'react-router-dom';
import { FarmsPage } from './pages/farms/FarmsPage';
import { FarmDetailsPage } from './pages/farm-details/FarmDetailsPage';

/** Spec 1 §2.1, this area's part. /farms/{id} is the map's (mf-map); 404s are the host's job. */
export function FarmsRoutes() {
  return (
    <Routes>
      <Route path="/farms" element={<FarmsPage />} />
      <Route path="/farms/:farmId/details" element={<FarmDetailsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
