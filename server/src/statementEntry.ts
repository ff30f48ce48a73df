// One statement as `svcsql/statements` returns it, with its secret WITH values masked for display.
import { maskSecretValues, secretValues, type StatementInfo } from '../../core/src/index';
import type { StatementEntry } from '../../protocol/src/lspExtensions';

export function statementEntry(s: StatementInfo): StatementEntry {
  const entry: StatementEntry = { range: s.range, kind: s.kind, name: s.name, title: s.title, text: s.sendText, hasErrors: s.hasErrors };
  const secrets = secretValues(s.sendText);
  if (secrets.length) {
    entry.displayText = maskSecretValues(s.sendText);
    entry.secretValues = secrets.map((v) => v.value);
  }
  return entry;
}
