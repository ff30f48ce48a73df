// The results page's HTML shell: a strict Content Security Policy (no inline code, scripts only
// with this page's nonce, nothing remote), the bundled script and stylesheet, no data. The run
// arrives by postMessage once the script is ready, so nothing from the service is ever parsed as HTML.
import { randomBytes } from 'node:crypto';

export interface PageAssets {
  /** webview.cspSource */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
}

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function resultsHtml(a: PageAssets, nonce: string = newNonce()): string {
  const csp = [
    "default-src 'none'",
    `style-src ${a.cspSource}`,
    `font-src ${a.cspSource}`,
    `img-src ${a.cspSource} data:`,
    `script-src 'nonce-${nonce}'`,
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${attr(a.styleUri)}">
<title>Service SQL Results</title>
</head>
<body>
<main id="svcsql-results" aria-label="Service SQL Results"><p class="empty">Loading…</p></main>
<script nonce="${attr(nonce)}" src="${attr(a.scriptUri)}"></script>
</body>
</html>
`;
}
