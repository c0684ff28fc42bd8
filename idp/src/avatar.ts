// Generated avatars for the `picture` claim: a coloured disc with the user's initial, served by the
// idp itself (no Gravatar or other external URL, so the app works offline and leaks nothing).
import { createHash } from 'node:crypto';
import { escapeHtml } from './html';

const COLOURS = ['#1f6b3a', '#2e7d6b', '#3d6fa8', '#7a5aa8', '#a85a6f', '#a8743d', '#5a7a2e', '#41606e'];

export function avatarSvg(seed: string, label: string): string {
  const digest = createHash('sha256').update(seed).digest();
  const colour = COLOURS[(digest[0] ?? 0) % COLOURS.length];
  const initial = escapeHtml(([...label.trim()][0] ?? '?').toUpperCase());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${initial}">` +
    `<circle cx="64" cy="64" r="64" fill="${colour}"/>` +
    `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="60" font-weight="600" fill="#fff">${initial}</text>` +
    '</svg>'
  );
}
