// The web app manifest (issue 31): Paddock installs to a phone's home screen and opens like an app.
const APP_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="#2f7d32"/><text x="256" y="352" font-size="288" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">P</text></svg>';

const webAppManifest = {
  name: 'Paddock',
  short_name: 'Paddock',
  description: 'Farms, fields, imagery and scouting notes, in the paddock even without signal.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#f6f7f4',
  theme_color: '#2f7d32',
  icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any maskable' }],
};

module.exports = { webAppManifest, APP_ICON_SVG };
