/**
 * `npm run docs` step two: the Redoc page built by `redocly build-docs --inlineBundle` is one file
 * that opens from disk, except for two calls out: the Redocly attribution logo, which the bundle
 * always loads from Redocly's CDN, and Redoc's telemetry, which posts traces to Redocly's collector
 * as a person clicks through the page (build-docs writes `disableTelemetry: false` into the page's
 * options whatever redocly.yaml says). A page of a private API opened offline must not call out
 * (and would show a failed request in the console), so the logo's address becomes an inline SVG
 * of the same words and the page's options turn telemetry off. Everything else of the page stays
 * as Redocly built it.
 *
 * usage: tsx spec/docs-offline.ts PAGE
 */
import { readFileSync, writeFileSync } from 'node:fs';

const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16"><text x="0" ' +
    'y="12" font-family="sans-serif" font-size="12" fill="#808080">Redocly</text></svg>',
)}`;

/** The page's Redoc options as build-docs writes them: `const __redoc_options = {"disableTelemetry":false,...}`. */
const TELEMETRY_ON = /(const __redoc_options = \{[^\n]*?)"disableTelemetry":false/;
const TELEMETRY_OFF = '$1"disableTelemetry":true';

const page = process.argv[2];
if (!page) {
  console.error('usage: tsx spec/docs-offline.ts PAGE');
  process.exit(2);
}
const html = readFileSync(page, 'utf8');
const found = html.match(CDN_LOGO)?.length ?? 0;
// Not an error: the browser test (test/pages-in-browser.test.ts) tells whether a new page still calls out.
if (found === 0) console.warn(`docs-offline: no CDN logo in ${page}: Redocly changed its page`);
if (!TELEMETRY_ON.test(html)) console.warn(`docs-offline: no telemetry option in ${page}: Redocly changed its page`);
writeFileSync(page, html.replace(CDN_LOGO, INLINE_LOGO).replace(TELEMETRY_ON, TELEMETRY_OFF));
