// Building and starting the language client is most of activation's time, so it happens on the
// first timer after activate() returns. A deactivate() in between must mean it is never built:
// a client built afterwards would run a server nobody stops.

export interface Startable {
  start(): Promise<void>;
}

export class DeferredStart<T extends Startable> {
  /** Settles once the thing is built and started; rejects if that fails or cancel() came first. */
  readonly ready: Promise<T>;
  private built: T | undefined;
  private cancelled = false;

  constructor(create: () => T) {
    this.ready = new Promise<T>((resolve, reject) => {
      setTimeout(() => {
        if (this.cancelled) {
          reject(new Error('the extension was deactivated before the language server started'));
          return;
        }
        try {
          const created = create();
          this.built = created;
          created.start().then(() => resolve(created), reject);
        } catch (err) {
          reject(err);
        }
      }, 0);
    });
  }

  /** The thing once built (it may still be starting), else undefined. */
  get current(): T | undefined {
    return this.built;
  }

  get isCancelled(): boolean {
    return this.cancelled;
  }

  /** No build after this; returns what was built already, for the caller to stop. */
  cancel(): T | undefined {
    this.cancelled = true;
    return this.built;
  }
}
