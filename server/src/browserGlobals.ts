// What the shared server code expects of its global scope and a web worker lacks. Imported first by
// browserServer.ts, before any module that uses it.
const scope = globalThis as { setImmediate?: (fn: () => void) => unknown };
// The workspace index yields to the event loop between slices with setImmediate.
scope.setImmediate ??= (fn: () => void) => setTimeout(fn, 0);
export {};
