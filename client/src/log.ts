// The only way text reaches the output channel: every line passes the Redactor first.
// The sink is the LogOutputChannel in the extension and a fake in tests (no vscode import).
import type { Redactor } from './redact';

export interface LogSink {
  trace(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export class RedactingLog {
  constructor(
    private readonly sink: LogSink,
    private readonly redactor: Redactor,
  ) {}

  trace(message: string): void {
    this.write('trace', message);
  }
  info(message: string): void {
    this.write('info', message);
  }
  warn(message: string): void {
    this.write('warn', message);
  }
  error(message: string | unknown): void {
    this.write(
      'error',
      typeof message === 'string' ? message : message instanceof Error ? `${message.name}: ${message.message}` : String(message),
    );
  }

  /** Logging never throws: during shutdown the channel may already be closed. */
  private write(level: keyof LogSink, message: string): void {
    try {
      this.sink[level](this.redactor.text(message));
    } catch {
      // nothing sensible to do with a closed channel
    }
  }
}
