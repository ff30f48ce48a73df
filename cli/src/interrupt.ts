// Ctrl+C: the first press aborts the runs (the client ends them as 'cancelled' and the command
// exits 130 after printing what it has); a second press leaves at once.
import { EXIT } from './exitCodes';
import { exitAfterFlush } from './output';

export interface Interrupt {
  signal: AbortSignal;
  readonly interrupted: boolean;
  dispose(): void;
}

export function watchInterrupt(onFirst: () => void): Interrupt {
  const controller = new AbortController();
  let count = 0;
  const handler = () => {
    count++;
    if (count === 1) {
      onFirst();
      controller.abort();
    } else exitAfterFlush(EXIT.interrupted);
  };
  process.on('SIGINT', handler);
  return {
    signal: controller.signal,
    get interrupted() {
      return count > 0;
    },
    dispose: () => process.off('SIGINT', handler),
  };
}
