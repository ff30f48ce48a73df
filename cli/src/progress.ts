// Progress on stderr. On a terminal: one spinner line redrawn in place. Elsewhere (CI logs, pipes):
// plain lines, one per change of state, with no carriage returns or escape sequences.
import { stderrStream, writeErr } from './output';

export interface Progress {
  /** The current activity, e.g. label '[1/3] CREATE FLOW f', detail 'pending'. */
  update(label: string, detail: string): void;
  /** A permanent line (printed above the spinner on a terminal). */
  note(text: string): void;
  stop(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function createProgress(stream: NodeJS.WriteStream = stderrStream(), enabled = true): Progress {
  if (!enabled) return { update() {}, note: (t) => writeErr(t + '\n'), stop() {} };
  return stream.isTTY && process.env.TERM !== 'dumb' ? new Spinner(stream) : new PlainProgress();
}

class PlainProgress implements Progress {
  private last = '';
  update(label: string, detail: string): void {
    const line = `${label}: ${detail}`;
    if (line === this.last) return;
    this.last = line;
    writeErr(line + '\n');
  }
  note(text: string): void {
    writeErr(text + '\n');
  }
  stop(): void {}
}

class Spinner implements Progress {
  private frame = 0;
  private label = '';
  private detail = '';
  private since = Date.now();
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly stream: NodeJS.WriteStream) {}

  update(label: string, detail: string): void {
    if (label !== this.label) this.since = Date.now();
    this.label = label;
    this.detail = detail;
    if (!this.timer) {
      this.timer = setInterval(() => this.draw(), 80);
      this.timer.unref();
    }
    this.draw();
  }
  note(text: string): void {
    this.clear();
    writeErr(text + '\n');
    if (this.timer) this.draw();
  }
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.clear();
  }
  private clear(): void {
    writeErr('\r\x1b[2K');
  }
  private draw(): void {
    this.frame = (this.frame + 1) % FRAMES.length;
    const secs = ((Date.now() - this.since) / 1000).toFixed(1);
    const width = Math.max(20, (this.stream.columns || 80) - 1); // 0 under some pseudo-terminals
    const text = `${FRAMES[this.frame]} ${this.label} ${secs} s: ${this.detail}`; // time first: the end may be cut
    writeErr('\r\x1b[2K' + (text.length > width ? text.slice(0, width - 1) + '…' : text));
  }
}
