// file: URLs ⇄ paths: Node's in the Node build, server/src/browserUrl.ts in the browser build (the
// swap of `node:url` in scripts/browserBuild.mjs). Shared modules import this file, never `node:url`.
export { fileURLToPath, pathToFileURL } from 'node:url';
