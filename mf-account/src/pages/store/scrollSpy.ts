/** Spec 3 §9: the marketing page's navigation thresholds (px of scroll), one per section. */
export const SECTION_THRESHOLDS = [
  { id: 'introduction', from: 911 },
  { id: 'how-it-works', from: 1400 },
  { id: 'best-time-to-order', from: 2400 },
] as const;

export type SectionId = (typeof SECTION_THRESHOLDS)[number]['id'];

/** The section to highlight at a scroll position: the last threshold passed; none above the first (the hero). */
export function activeSection(scrollY: number): SectionId | null {
  let active: SectionId | null = null;
  for (const section of SECTION_THRESHOLDS) if (scrollY >= section.from) active = section.id;
  return active;
}
