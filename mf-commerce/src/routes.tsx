import { Route, Routes } from 'react-router-dom';
import { routePatterns } from '@paddock/shared/contracts';
import { CheckoutPage } from './pages/checkout/CheckoutPage';
import { ImageryOrderPage } from './pages/imagery-order/ImageryOrderPage';
import { OrderReviewPage } from './pages/order-review/OrderReviewPage';
import { OrdersPage } from './pages/orders/OrdersPage';
import { PaymentSuccessPage } from './pages/payment-success/PaymentSuccessPage';
import { PayOrderPage } from './pages/pay-order/PayOrderPage';
import { RapidEmBookingPage } from './pages/rapid-em-booking/RapidEmBookingPage';

/** Spec 2 §2 and spec 3 §2.1, this area's part (routeOwners.mf_commerce); 404s are the host's job. */
export function CommerceRoutes() {
  return (
    <Routes>
      <Route path={routePatterns.orders} element={<OrdersPage />} />
      <Route path={routePatterns.orderHighResImagery} element={<ImageryOrderPage />} />
      <Route path={routePatterns.orderReview} element={<OrderReviewPage />} />
      <Route path={routePatterns.pay} element={<PayOrderPage />} />
      <Route path={routePatterns.rapidEmBooking} element={<RapidEmBookingPage />} />
      <Route path={routePatterns.payment} element={<CheckoutPage />} />
      <Route path={routePatterns.paymentSuccess} element={<PaymentSuccessPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
