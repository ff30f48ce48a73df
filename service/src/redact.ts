// Secret redaction, shared by the service client, the CLI and the extension. Every string that
// leaves for a human (terminal, output channel, error messages, persisted history) goes through a
// Redactor that knows the secrets currently loaded. It also hides the common encodings a secret
// takes on its way through HTTP and JSON, so a percent-encoded, JSON-escaped or base64 echo of a
// key cannot slip past. Redact before cutting text short: a cut secret no longer matches.

export const REDACTED = '‹redacted›';

/** Secrets shorter than this are not matched: replacing every "a" or "1" would wreck the log. */
const MIN_SECRET_LENGTH = 4;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** JSON string content with every non-ASCII character as \uXXXX (what some encoders emit). */
function jsonAscii(s: string): string {
  return JSON.stringify(s)
    .slice(1, -1)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The forms a secret can take in text we print: raw, percent-encoded (upper and lower case hex,
 * and form encoding), JSON-escaped (also with '/' escaped or non-ASCII as \uXXXX), base64 and
 * base64url (with and without padding).
 */
export function secretVariants(secret: string): string[] {
  const forms = new Set<string>([secret]);
  try {
    const pct = encodeURIComponent(secret);
    forms.add(pct);
    forms.add(pct.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
    forms.add(pct.replace(/%20/g, '+'));
    forms.add(encodeURI(secret));
  } catch {
    // lone surrogates cannot be URI-encoded; the raw form is still matched
  }
  const json = JSON.stringify(secret).slice(1, -1);
  forms.add(json);
  forms.add(json.replace(/\//g, '\\/'));
  forms.add(jsonAscii(secret));
  const b64 = Buffer.from(secret, 'utf8').toString('base64');
  forms.add(b64);
  forms.add(b64.replace(/=+$/, ''));
  // base64url spelled out: the browser build's Buffer (the `buffer` package) knows no 'base64url'.
  forms.add(b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  return [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH);
}

/** How deep value() copies; below, a value is replaced by TOO_DEEP. */
const MAX_DEPTH = 256;
export const TOO_DEEP = '[nested too deep]';

export class Redactor {
  private readonly secrets = new Set<string>();
  private pattern: RegExp | undefined;

  /** `replacement`: what a secret becomes (the CLI prints '***'). */
  constructor(
    secrets: Iterable<string | undefined> = [],
    private readonly replacement: string = REDACTED,
  ) {
    for (const s of secrets) this.add(s);
  }

  /** Remember a secret (empty/undefined/too short values are ignored; surrounding blanks are not part of it). */
  add(secret: string | undefined): void {
    for (const form of new Set([secret, secret?.trim()])) {
      if (!form || form.length < MIN_SECRET_LENGTH || this.secrets.has(form)) continue;
      this.secrets.add(form);
      this.pattern = undefined;
    }
  }

  /** Forget a secret, e.g. after sign-out. Logs written earlier stay redacted. */
  remove(secret: string | undefined): void {
    if (secret && this.secrets.delete(secret)) this.pattern = undefined;
  }

  get size(): number {
    return this.secrets.size;
  }

  private regex(): RegExp | undefined {
    if (this.secrets.size === 0) return undefined;
    if (!this.pattern) {
      // Longest first, so a secret containing another is replaced whole.
      const forms = [...this.secrets].flatMap(secretVariants).sort((a, b) => b.length - a.length);
      this.pattern = new RegExp([...new Set(forms)].map(escapeRegExp).join('|'), 'g');
    }
    return this.pattern;
  }

  /** The text with every known secret (in any of its encodings) replaced. */
  text(s: string): string {
    const re = this.regex();
    return re ? s.replace(re, this.replacement) : s;
  }

  /** A deep copy of a JSON-like value with secrets replaced in every string and key. */
  value<T>(v: T): T {
    if (!this.regex()) return v;
    return this.walk(v, new WeakSet(), 0) as T;
  }

  private walk(v: unknown, seen: WeakSet<object>, depth: number): unknown {
    if (typeof v === 'string') return this.text(v);
    if (v === null || typeof v !== 'object') return v;
    if (seen.has(v)) return '[circular]';
    // A hostile answer can nest deeper than the stack; no real one comes near this.
    if (depth >= MAX_DEPTH) return TOO_DEEP;
    seen.add(v);
    if (Array.isArray(v)) return v.map((x) => this.walk(x, seen, depth + 1));
    if (v instanceof Error) return this.text(`${v.name}: ${v.message}`);
    const out: Record<string, unknown> = {};
    // defineProperty: a key such as `__proto__` (legal in JSON) stays a key instead of setting the prototype.
    for (const [k, x] of Object.entries(v))
      Object.defineProperty(out, this.text(k), {
        value: this.walk(x, seen, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
}
