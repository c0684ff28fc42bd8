import { Route, Routes } from 'react-router-dom';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { GettingStartedPage } from './pages/getting-started/GettingStartedPage';
import { ProfileSetupPage } from './pages/onboarding/ProfileSetupPage';
import { TermsPage } from './pages/onboarding/TermsPage';
import {
  AdvancedPage,
  HighResolutionImageryPage,
  ProductsAndGuidesPage,
  SettingsPage,
  StorePage,
} from './pages/TitlePages';

/** Spec 3 §2.1, this area's part. Post-login redirects and 404s are the host's job. */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/getting-started" element={<GettingStartedPage />} />
      <Route path="/getting-started/profile-setup" element={<ProfileSetupPage />} />
      <Route path="/getting-started/terms-and-conditions" element={<TermsPage />} />
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/store" element={<StorePage />} />
      <Route path="/store/high-resolution-imagery" element={<HighResolutionImageryPage />} />
      <Route path="/advanced" element={<AdvancedPage />} />
      <Route path="/advanced/:state" element={<AdvancedPage />} />
      <Route path="/products-and-guides" element={<ProductsAndGuidesPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
