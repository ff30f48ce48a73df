// How a name read from the service is written into a statement: bare when it is a plain
// identifier, else in backticks (the service never takes backticks as part of a name, so any inside
// are dropped). Snippet text escapes what VS Code's snippet syntax would read ($ } \).
const BARE = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function statementName(name: string, backticked = false): string {
  // As the core's completion writes it (core/src/complete/nameItems.ts bareName).
  return !backticked && BARE.test(name) ? name : `\`${name.replace(/`/g, '')}\``;
}

export function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** A statement template from the server (head, rest already in snippet syntax) with the name filled in. */
export function statementSnippet(t: { head: string; rest: string; backticked: boolean }, name: string): string {
  return `${escapeSnippet(t.head)} ${escapeSnippet(statementName(name, t.backticked))}${t.rest}`;
}

/** The same statement as plain text to send (DESCRIBE CLUSTER etl): the template's tail must hold no tab stop. */
export function statementText(t: { head: string; rest: string; backticked: boolean }, name: string): string | undefined {
  if (/\$/.test(t.rest)) return undefined;
  return `${t.head} ${statementName(name, t.backticked)}${t.rest.replace(/\\([\\$}])/g, '$1')}`;
}
