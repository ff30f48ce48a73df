// Setting V8 flags while a program runs (the CLI's lint and format, the language server's indexing:
// cli/src/launch/v8Flags.ts, server/src/host/youngGeneration.ts). Node built-ins only.

export type SetFlags = (flags: string) => void;

/**
 * V8's setFlagsFromString without loading node:v8: that module loads Node's heap-snapshot helpers
 * and with them all of node:stream (about 25 modules, 5 ms of a lint run that needs no stream).
 * process.binding('v8') is the function node:v8 wraps; Node marks that access deprecated (DEP0111)
 * and warns once, so the warning is held back for this one call. Undefined where a Node has dropped
 * it (Node 24 has).
 */
export function flagsBinding(): SetFlags | undefined {
  const proc = process as unknown as { binding?: (name: string) => { setFlagsFromString?: unknown }; noDeprecation?: boolean };
  const noDeprecation = proc.noDeprecation;
  try {
    proc.noDeprecation = true;
    const setFlags = proc.binding?.('v8').setFlagsFromString;
    if (typeof setFlags === 'function') return setFlags as SetFlags;
  } catch {
    // No such binding in this Node.
  } finally {
    if (noDeprecation === undefined) delete proc.noDeprecation;
    else proc.noDeprecation = noDeprecation;
  }
  return undefined;
}

/** flagsBinding, else node:v8's setFlagsFromString. */
export function setFlagsFunction(): SetFlags {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return flagsBinding() ?? (require('node:v8') as typeof import('node:v8')).setFlagsFromString;
}
