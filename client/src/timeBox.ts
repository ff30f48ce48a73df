// A bound on a wait that depends on another process (the language server): a request it never
// answers must end in a message, not in a run or a notebook cell that spins for ever.

/** Settles as `promise` does, or rejects with "`what` did not answer within N s" after `ms`. */
export function timeBox<T>(promise: Thenable<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([Promise.resolve(promise), late]).finally(() => clearTimeout(timer));
}
