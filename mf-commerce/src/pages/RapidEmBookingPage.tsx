import { PageTitle } from '../PageTitle';

export function RapidEmBookingPage() {
  return <PageTitle title="Rapid-EM Booking" />;
}
