// When a file opens, one over LEADING_ABOVE characters gets the diagnostics of its statements up to
// a ';' within the first LEADING_CHARS characters (core leadingDiagnostics) before the whole file's:
// the top of a large file shows its problems without waiting for the rest.
export const LEADING_ABOVE = 256 * 1024;
export const LEADING_CHARS = 32 * 1024;
