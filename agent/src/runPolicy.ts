// Which statements `run_statement` may send from `svcsql mcp`: none unless the server was started
// with --allow-run; --allow-run=show,describe allows only statements of those kinds. A kind is a
// statement's first word (show, create, …) or its catalog id (create-flow).
import { catalog } from '../../core/src/index';

export type RunPolicy = { run: 'never' } | { run: 'any' } | { run: 'kinds'; kinds: ReadonlySet<string> };

/** The first words and ids a policy may name. */
function knownKinds(): Set<string> {
  const out = new Set<string>();
  for (const s of catalog.statements) {
    out.add(s.id);
    for (const h of s.heads) out.add(h[0]!.toLowerCase());
  }
  return out;
}

/** --allow-run's value: absent → never, given alone → any, a list → those kinds. Unknown kinds are an error. */
export function parseAllowRun(value: string | boolean | undefined): { ok: true; policy: RunPolicy } | { ok: false; message: string } {
  if (value === undefined || value === false) return { ok: true, policy: { run: 'never' } };
  if (value === true) return { ok: true, policy: { run: 'any' } };
  const asked = value
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  if (asked.length === 0) return { ok: true, policy: { run: 'any' } };
  const known = knownKinds();
  const unknown = asked.filter((k) => !known.has(k));
  if (unknown.length) {
    const verbs = [...known].filter((k) => !k.includes('-')).sort();
    return {
      ok: false,
      message: `--allow-run: unknown statement kind ${unknown.join(', ')}. Kinds are first words (${verbs.join(', ')}) or statement ids (create-flow, …).`,
    };
  }
  return { ok: true, policy: { run: 'kinds', kinds: new Set(asked) } };
}

/** Why the policy refuses the statement (undefined: allowed). `kind` is the catalog id, `title` e.g. 'CREATE FLOW'. */
export function refusalOf(policy: RunPolicy, kind: string, title: string): string | undefined {
  if (policy.run === 'any') return undefined;
  if (policy.run === 'never')
    return (
      'run_statement is disabled: this MCP server was started without --allow-run, so it never changes the data platform. ' +
      "To allow it, the user adds --allow-run (every statement) or --allow-run=show,describe (only those kinds) to the `svcsql mcp` command in the MCP client's configuration. " +
      'lint, format, explain and the read-only service tools work without it.'
    );
  const verb = title.split(' ')[0]!.toLowerCase();
  if (policy.kinds.has(verb) || policy.kinds.has(kind)) return undefined;
  return (
    `run_statement may not run ${title || 'this statement'}: this MCP server allows only ${[...policy.kinds].join(', ')} (--allow-run=${[...policy.kinds].join(',')}). ` +
    `To allow it, the user adds ${verb} to --allow-run in the MCP client's configuration.`
  );
}
