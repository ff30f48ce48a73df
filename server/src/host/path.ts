// Path arithmetic: Node's in the Node build, path-browserify in the browser build (the swap of
// `node:path` in scripts/browserBuild.mjs). Shared modules import this file, never `node:path`.
export { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
