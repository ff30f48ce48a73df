// The server's file access: Node's in the Node build. The browser build swaps `node:fs/promises`
// for server/src/browserFileSystem.ts (requests to the extension, scripts/browserBuild.mjs), so
// the server's shared modules import this file, never a Node built-in (eslint.config.mjs).
export { readFile, readdir, realpath, stat } from 'node:fs/promises';
