// A text for warming up the index pass in a thread that has not run it yet (the server's index
// workers, while they wait for their first files): every catalog example once, as statements of a
// file are written (a comment, blank lines, names bare, backticked and quoted as the examples have
// them). Its objects are dropped; only the compiled code stays.
import { catalog } from '../catalog/index';

let text: string | undefined;

export function indexWarmupText(): string {
  text ??= catalog.statements.map((s) => `-- ${s.id}\n${s.example.replace(/;?\s*$/, ';')}\n\n`).join('');
  return text;
}
