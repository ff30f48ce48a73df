// Injected into the browser bundle by scripts/bundle.mjs: the shared service code (redaction's
// base64 forms, capped reads, grpc-message decoding) uses Buffer, which a web worker lacks.
export { Buffer } from 'buffer';
