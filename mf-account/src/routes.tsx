import { Route, Routes } from 'react-router-dom';
import { routePatterns } from '@paddock/shared/contracts';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { GettingStartedPage } from './pages/getting-started/GettingStartedPage';
import { ProfileSetupPage } from './pages/onboarding/ProfileSetupPage';
import { TermsPage } from './pages/onboarding/TermsPage';
import { SettingsPage } from './pages/settings/SettingsPage';
import { AdvancedPage } from './pages/advanced/AdvancedPage';
import { HighResolutionImageryPage } from './pages/store/HighResolutionImageryPage';
import { ProductsAndGuidesPage } from './pages/store/ProductsAndGuidesPage';
import { StorePage } from './pages/store/StorePage';

/** Spec 3 §2.1, this area's part (routeOwners.mf_account). Post-login redirects and 404s are the host's job. */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path={routePatterns.home} element={<DashboardPage />} />
      <Route path={routePatterns.dashboard} element={<DashboardPage />} />
      <Route path={routePatterns.gettingStarted} element={<GettingStartedPage />} />
      <Route path={routePatterns.profileSetup} element={<ProfileSetupPage />} />
      <Route path={routePatterns.terms} element={<TermsPage />} />
      <Route path={routePatterns.settings} element={<SettingsPage />} />
      <Route path={routePatterns.store} element={<StorePage />} />
      <Route path={routePatterns.storeHighResImagery} element={<HighResolutionImageryPage />} />
      <Route path={routePatterns.advanced} element={<AdvancedPage />} />
      <Route path={routePatterns.productsAndGuides} element={<ProductsAndGuidesPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
