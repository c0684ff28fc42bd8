/**
 * Fitted content stays clear of the panels over the map (issue 10 §2): the padding of a fit comes
 * from the real sizes of the panels floating over the map's box, measured when the fit happens.
 */

/** Room kept around fitted content anyway (px). */
export const BASE_PADDING = 48;
/** An element within this many px of a side is docked to it. */
const EDGE = 24;
/** Fitted content keeps at least this share of each dimension. */
const MIN_SHARE = 0.35;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** [top, right, bottom, left] padding for a map box with panels floating over it (all in page px). */
export function paddingFor(map: Box, panels: readonly Box[]): [number, number, number, number] {
  const width = map.right - map.left;
  const height = map.bottom - map.top;
  const extra = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const panel of panels) {
    const left = Math.max(panel.left, map.left);
    const right = Math.min(panel.right, map.right);
    const top = Math.max(panel.top, map.top);
    const bottom = Math.min(panel.bottom, map.bottom);
    if (right - left < 8 || bottom - top < 8) continue;
    // Each side a panel is docked to, with the padding that would clear it; it counts on the cheapest.
    const options: [keyof typeof extra, number][] = [];
    if (left - map.left <= EDGE && right - map.left < width * 0.6) options.push(['left', right - map.left]);
    if (map.right - right <= EDGE && map.right - left < width * 0.6) options.push(['right', map.right - left]);
    if (top - map.top <= EDGE && bottom - map.top < height * 0.6) options.push(['top', bottom - map.top]);
    if (map.bottom - bottom <= EDGE && map.bottom - top < height * 0.6) options.push(['bottom', map.bottom - top]);
    const cheapest = options.sort((a, b) => a[1] - b[1])[0];
    if (cheapest) extra[cheapest[0]] = Math.max(extra[cheapest[0]], cheapest[1]);
  }
  const fit = (a: number, b: number, size: number): [number, number] => {
    const room = size * (1 - MIN_SHARE);
    const total = a + b + 2 * BASE_PADDING;
    if (total <= room) return [a + BASE_PADDING, b + BASE_PADDING];
    const scale = room / total;
    return [Math.round((a + BASE_PADDING) * scale), Math.round((b + BASE_PADDING) * scale)];
  };
  const [top, bottom] = fit(extra.top, extra.bottom, height);
  const [left, right] = fit(extra.left, extra.right, width);
  return [top, right, bottom, left];
}

const FLOATING = new Set(['absolute', 'fixed', 'sticky']);

/**
 * The panels over the map: visible positioned elements in the map's container (outside the map
 * itself), each counted once (an element inside a counted one is part of it).
 */
export function floatingPanels(mapElement: HTMLElement, container: HTMLElement): Box[] {
  const boxes: Box[] = [];
  const counted: HTMLElement[] = [];
  for (const element of container.querySelectorAll<HTMLElement>('*')) {
    if (mapElement.contains(element) || element.contains(mapElement)) continue;
    if (counted.some((outer) => outer.contains(element))) continue;
    const style = getComputedStyle(element);
    if (!FLOATING.has(style.position) || style.visibility === 'hidden' || style.display === 'none') continue;
    if (style.pointerEvents === 'none' && element.children.length > 0) continue; // a full-size layout wrapper
    const rect = element.getBoundingClientRect();
    if (rect.width < 16 || rect.height < 16) continue;
    counted.push(element);
    boxes.push({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
  }
  return boxes;
}

/** The padding for a fit now, from the map element and its container's panels. */
export function measuredPadding(mapElement: HTMLElement | null | undefined): [number, number, number, number] {
  if (!mapElement) return [BASE_PADDING, BASE_PADDING, BASE_PADDING, BASE_PADDING];
  const rect = mapElement.getBoundingClientRect();
  const container = mapElement.parentElement;
  if (!container || rect.width === 0 || rect.height === 0)
    return [BASE_PADDING, BASE_PADDING, BASE_PADDING, BASE_PADDING];
  return paddingFor(
    { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom },
    floatingPanels(mapElement, container),
  );
}
