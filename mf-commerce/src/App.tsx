import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { MfProps } from '@paddock/shared/contracts';
import { OrdersPage } from './pages/OrdersPage';
import { ImageryOrderPage } from './pages/ImageryOrderPage';
import { OrderReviewPage } from './pages/OrderReviewPage';
import { PayOrderPage } from './pages/PayOrderPage';
import { RapidEmBookingPage } from './pages/RapidEmBookingPage';
import { CheckoutPage } from './pages/CheckoutPage';

/** The area's own router; the host decides which paths reach this area and shows 404s itself. */
export function App({ basename }: MfProps) {
  return (
    <BrowserRouter basename={basename}>
      <Routes>
        <Route path="/order" element={<OrdersPage />} />
        <Route path="/order/high-resolution-imagery" element={<ImageryOrderPage />} />
        <Route path="/order-review/:orderId/:type?" element={<OrderReviewPage />} />
        <Route path="/pay/:orderId" element={<PayOrderPage />} />
        <Route path="/rapid-em-booking/:status?" element={<RapidEmBookingPage />} />
        <Route path="/payment" element={<CheckoutPage />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
