// Which command lines are a lint with every option at its default (main.ts runs those without commander).

/**
 * The paths of `svcsql lint PATH…` when that is all (no option, no `--`, no `-`): commander would
 * hand its lint action exactly these, with every option at its default. Anything else: undefined.
 */
export function plainLintPaths(args: readonly string[]): string[] | undefined {
  if (args[0] !== 'lint') return undefined;
  const paths = args.slice(1);
  return paths.every((p) => !p.startsWith('-')) ? paths : undefined;
}
