// Work that activate() need not do before it returns: the first read of the settings costs ~10 ms
// in a fresh extension host (VS Code builds the whole configuration model on the first
// getConfiguration), and nothing that reads them is needed before activate() returns. Queued
// here, it runs in order on the first timer after activate() returns, with the language client's
// start (deferredStart.ts).

const queued: (() => void)[] = [];

/** Runs `fn` just after activation (errors go to `onError`, the others still run). */
export function afterActivation(fn: () => void, onError: (err: unknown) => void = () => undefined): void {
  queued.push(() => {
    try {
      fn();
    } catch (err) {
      onError(err);
    }
  });
  if (queued.length === 1) setTimeout(runQueued, 0);
}

function runQueued(): void {
  for (const fn of queued.splice(0)) fn();
}
