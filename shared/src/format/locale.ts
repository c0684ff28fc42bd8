/** The product's one locale, for numbers and dates alike. */
export const LOCALE = 'en-AU';
