import { Route, Routes } from 'react-router-dom';
import { routePatterns } from '@paddock/shared/contracts';
import { FarmsPage } from './pages/farms/FarmsPage';
import { FarmDetailsPage } from './pages/farm-details/FarmDetailsPage';
import { InvitationPage } from './pages/invitation/InvitationPage';

/** Spec 1 §2.1, this area's part (routeOwners.mf_farms). /farms/{id} is the map's; 404s are the host's job. */
export function FarmsRoutes() {
  return (
    <Routes>
      <Route path={routePatterns.farms} element={<FarmsPage />} />
      <Route path={routePatterns.farmDetails} element={<FarmDetailsPage />} />
      <Route path={routePatterns.invitation} element={<InvitationPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
