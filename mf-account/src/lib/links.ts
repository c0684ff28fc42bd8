/** Spec 3 §9: favourites shown on the dashboard. */
export const DASHBOARD_FAVOURITES = 10;
