// node:crypto's randomBytes for the browser build (swapped in by scripts/bundle.mjs): Web Crypto's
// getRandomValues, returned as a Buffer (the bundle's injected one) so that callers stay unchanged.
import { Buffer } from 'buffer';

export function randomBytes(size: number): Buffer {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(size)));
}
