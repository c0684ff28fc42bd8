/** The getting-started tutorial video (opens in a new tab; the product hosts no video itself). */
export const TUTORIAL_VIDEO_URL = 'https://paddock.example/tutorials/getting-started';

/** Spec 3 §9: favourites shown on the dashboard. */
export const DASHBOARD_FAVOURITES = 10;
