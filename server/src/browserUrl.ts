// node:url's file-URL functions for the browser build of the server (swapped in by
// scripts/bundle.mjs): POSIX paths only, which is what the client's URI mapping produces.

/** file:///a/b%20c → /a/b c */
export function fileURLToPath(url: string | URL): string {
  const u = typeof url === 'string' ? new URL(url) : url;
  if (u.protocol !== 'file:') throw new TypeError('The URL must be of scheme file');
  if (u.hostname !== '') throw new TypeError('File URL host must be "localhost" or empty');
  if (/%2f/i.test(u.pathname)) throw new TypeError('File URL path must not include encoded / characters');
  return decodeURIComponent(u.pathname);
}

/** /a/b c → file:///a/b%20c (each segment percent-encoded as Node does). */
export function pathToFileURL(path: string): URL {
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return new URL(`file://${encoded.startsWith('/') ? '' : '/'}${encoded}`);
}
