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
    this.sink.trace(this.redactor.text(message));
  }
  info(message: string): void {
    this.sink.info(this.redactor.text(message));
  }
  warn(message: string): void {
    this.sink.warn(this.redactor.text(message));
  }
  error(message: string | unknown): void {
    const text = typeof message === 'string' ? message : message instanceof Error ? `${message.name}: ${message.message}` : String(message);
    this.sink.error(this.redactor.text(text));
  }
}
