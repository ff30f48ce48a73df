// Secret redaction. Every string that leaves the extension for a human (output channel, error
// messages, persisted history) goes through a Redactor that knows the secrets currently loaded.
// It also hides the common encodings a secret takes on its way through HTTP and JSON, so a
// percent-encoded or JSON-escaped echo of a key cannot slip past.

export const REDACTED = '‹redacted›';

/** Secrets shorter than this are not matched: replacing every "a" or "1" would wreck the log. */
const MIN_SECRET_LENGTH = 4;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a secret can take in text we print: raw, URL-encoded, JSON-escaped, base64. */
function variants(secret: string): string[] {
  const forms = new Set<string>([secret]);
  try {
    forms.add(encodeURIComponent(secret));
  } catch {
    // lone surrogates cannot be URI-encoded; the raw form is still matched
  }
  forms.add(JSON.stringify(secret).slice(1, -1));
  forms.add(Buffer.from(secret, 'utf8').toString('base64'));
  forms.add(Buffer.from(secret, 'utf8').toString('base64').replace(/=+$/, ''));
  return [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH);
}

export class Redactor {
  private readonly secrets = new Set<string>();
  private pattern: RegExp | undefined;

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const s of secrets) this.add(s);
  }

  /** Remember a secret (empty/undefined/too short values are ignored). */
  add(secret: string | undefined): void {
    if (!secret || secret.length < MIN_SECRET_LENGTH || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.pattern = undefined;
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
      const forms = [...this.secrets].flatMap(variants).sort((a, b) => b.length - a.length);
      this.pattern = new RegExp([...new Set(forms)].map(escapeRegExp).join('|'), 'g');
    }
    return this.pattern;
  }

  /** The text with every known secret (in any of its encodings) replaced. */
  text(s: string): string {
    const re = this.regex();
    return re ? s.replace(re, REDACTED) : s;
  }

  /** A deep copy of a JSON-like value with secrets replaced in every string and key. */
  value<T>(v: T): T {
    if (!this.regex()) return v;
    return this.walk(v, new WeakSet()) as T;
  }

  private walk(v: unknown, seen: WeakSet<object>): unknown {
    if (typeof v === 'string') return this.text(v);
    if (v === null || typeof v !== 'object') return v;
    if (seen.has(v)) return '[circular]';
    seen.add(v);
    if (Array.isArray(v)) return v.map((x) => this.walk(x, seen));
    if (v instanceof Error) return this.text(`${v.name}: ${v.message}`);
    const out: Record<string, unknown> = {};
    // defineProperty: a key such as `__proto__` (legal in JSON) stays a key instead of setting the prototype.
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, this.text(k), { value: this.walk(x, seen), enumerable: true, writable: true, configurable: true });
    return out;
  }
}
