// Issue 27 'Words and dates': the remotes and the shell say things one way. This scans their source
// strings (what they render) for the forms that were replaced, so none comes back.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { dateFormats, formatArea, formatDate } from './index';

const repo = path.resolve(__dirname, '..', '..', '..');
const roots = ['host/src', 'mf-farms/src', 'mf-map/src', 'mf-commerce/src', 'mf-account/src', 'shared/src/ui'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(tsx?)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = roots.flatMap((root) => sources(path.join(repo, root)));

/** Each old form, what replaced it, and a pattern that finds it in source text. */
const oldForms: { form: string; instead: string; pattern: RegExp }[] = [
  { form: "'Ha' as the unit of area", instead: "'ha' (formatArea)", pattern: /\d\s?Ha\b|\} Ha\b|in Ha\b|\(Ha\)|n Ha'/ },
  { form: "'Cart, 1 items'", instead: "'item' for one", pattern: /\$\{cartCount\} items/ },
  { form: "'You are now on advanced'", instead: "'You are now on Advanced'", pattern: /now on advanced/ },
  {
    form: "a month-first date pattern ('November 27, 2027', 'Nov 27, 2027')",
    instead: "dateFormats' day month year",
    pattern: /['"`]MMMM? d, yyyy['"`]|month: 'long', day: 'numeric', year/,
  },
  {
    form: 'a raw ISO day shown as a label (catalog_entry)',
    instead: 'formatDate',
    pattern: /`\$\{order\.catalog_entry\}/,
  },
];

describe('the words and dates of the remotes', () => {
  it('finds the sources to scan', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(oldForms)('has no $form (use $instead)', ({ pattern }) => {
    const hits = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          pattern.test(line) ? [`${path.relative(repo, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(hits).toEqual([]);
  });

  it('writes every date day month year, and areas in ha', () => {
    expect(new Set(Object.values(dateFormats).filter((format) => format.includes('yyyy')))).toEqual(
      new Set(['d MMM yyyy']),
    );
    expect(formatDate('2027-11-27', 'long')).toBe('27 Nov 2027');
    expect(formatDate('2026-08-18', 'range')).toBe('18 Aug 2026');
    expect(formatArea(1234.5)).toBe('1,234.50 ha');
  });
});
