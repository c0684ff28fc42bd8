import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

/** Every ISO 3166-1 country by its English name, Australia first (the product's home). */
export const countryOptions: ReadonlyArray<{ value: string; label: string }> = (() => {
  const names = countries.getNames('en', { select: 'official' });
  const all = Object.entries(names)
    .map(([code, name]) => ({ value: code, label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const au = all.find((option) => option.value === 'AU');
  return au ? [au, ...all.filter((option) => option !== au)] : all;
})();

export const countryName = (code: string | null | undefined): string =>
  (code && countries.getName(code.toUpperCase(), 'en')) || '';
