// Injected into the server's browser bundle by scripts/browserBuild.mjs: shared server code uses
// Buffer, which a web worker lacks.
export { Buffer } from 'buffer';
