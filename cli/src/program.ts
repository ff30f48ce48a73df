// The `svcsql` command line: commander wiring only; each command lives in its own module. Loaded
// for every command line but the plainest lint (main.ts), which needs no parsing.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { markPartUsed, PART } from './cacheParts';
import { EXIT } from './exitCodes';
import { finish } from './finish';
import type { FormatCommandFlags } from './formatCommand';
import { lintCommand, type LintFlags } from './lintCommand';
import { addMcpCommand } from './mcpCommand';
import { exitAfterFlush, writeErr, writeOut } from './output';
import type { RunFlags } from './run';
import type { StatusFlags } from './status';
import { VERSION } from './version';

const EXIT_CODES_HELP = `
Exit codes:
  0    lint: no errors (and warnings within --max-warnings); run/status: every request succeeded (wholly or partly)
  1    lint: errors found or too many warnings; run: a statement failed, was blocked by lint errors or was skipped
  2    bad usage, unreadable file, or missing/unusable credentials
  3    status (without --wait): the request is still pending
  130  interrupted with Ctrl+C (runs cancelled)
  141  the reader of the output went away (e.g. piped into head): stopped quietly`;

const CREDENTIALS_HELP = `
Credentials (first match wins):
  1. --profile NAME / --credentials-file PATH: that profile, whole; SVCSQL_* variables are then ignored
  2. SVCSQL_BASE_URL, SVCSQL_API_KEY, SVCSQL_API_SECRET, SVCSQL_ACCOUNT_UID, SVCSQL_PROJECT_UID,
     SVCSQL_LINK_UID, SVCSQL_REGION, SVCSQL_USER_UUID (and SVCSQL_HEADER_PREFIX), field by field over
  3. profile [default] of ~/.svcsql/credentials (INI; must not be readable by others: chmod 600)
Secrets are never printed, not even with --verbose.`;

function positiveInt(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(`${name} must be a whole number from 1.`);
    return Number(value);
  };
}

function nonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number from 0.');
  return Number(value);
}

function withConnection(cmd: Command): Command {
  return cmd
    .option('--profile <name>', 'profile of the credentials file to use (default: "default")')
    .option('--credentials-file <path>', 'credentials file (default: ~/.svcsql/credentials)')
    .option('--header-prefix <prefix>', 'prefix of the credential headers (default: x-service-)')
    .option('--timeout <minutes>', 'stop waiting for a request after this many minutes (default: 10)')
    .option('--max-response-mb <mb>', 'stop reading an answer of the service larger than this, and fail (default: 16)')
    .option('--json', 'print one JSON document on stdout instead of text')
    .option('-v, --verbose', 'print base URL, project, header prefix and timings on stderr (never secrets)');
}

function build(): Command {
  markPartUsed(PART.commander);
  const program = new Command('svcsql')
    .description('Lint and run .svcsql files with the same language core and service client as the VS Code extension.')
    .version(VERSION, '-V, --version')
    .option('--no-color', 'no colours (also: NO_COLOR set, or output not a terminal)')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => writeErr(s), writeOut: (s) => writeOut(s) })
    .addHelpText('after', EXIT_CODES_HELP);

  program
    .command('lint')
    .description('Report every diagnostic the editor would show. Directories are searched for *.svcsql, honouring .gitignore.')
    .argument('[paths...]', 'files, directories or globs (default: the current directory); - lints stdin, named <stdin>')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'sarif', 'github']).default('text'))
    .option('--max-warnings <n>', 'exit 1 when there are more than n warnings', nonNegativeInt)
    .option('--unresolved-references', 'also report (as information) references to clusters, lakes, … that no linted file creates')
    .addHelpText(
      'after',
      `
Text output is one line per diagnostic: file:line:col severity code message
(line and column are 1-based; columns count UTF-16 code units, as editors do).
--format json: one document (1-based line/column, plus the 0-based LSP range);
--format sarif: SARIF 2.1.0 for code-scanning uploads; --format github: workflow annotations.
${EXIT_CODES_HELP}`,
    )
    .action((paths: string[], opts: LintFlags) => lintCommand(paths, opts, program.opts().color !== false));

  program
    .command('format')
    .description('Rewrite .svcsql files in the canonical layout. Directories are searched for *.svcsql, honouring .gitignore.')
    .argument('[paths...]', 'files, directories or globs (default: the current directory); - formats stdin to stdout')
    .option('--check', 'write nothing; list the files that would change and exit 1 if there are any')
    .option('--indent <n>', 'columns per indentation level', positiveInt('--indent'), 2)
    .option('--tabs', 'indent with tabs')
    .option('--line-width <n>', 'lists stay on one line while the line fits in n columns', positiveInt('--line-width'), 100)
    .addOption(new Option('-f, --format <format>', 'how changed files are listed').choices(['text', 'github']).default('text'))
    .addHelpText(
      'after',
      `\nStatements with syntax errors are left as written. Exit codes: 0 done (or nothing to change),\n1 --check found files to reformat, 2 bad usage or an unreadable file.`,
    )
    .action(async (paths: string[], opts: FormatCommandFlags) => {
      markPartUsed(PART.format);
      const { formatCommand } = await import('./formatCommand');
      process.exitCode = await formatCommand(paths, opts);
    });

  withConnection(
    program
      .command('run')
      .description('Send statements of FILE to the service and wait for their outcome.')
      .argument('<file>', '.svcsql file')
      .option('-s, --statement <n>', 'run statement n (1-based, in file order)', positiveInt('--statement'))
      .option('-l, --line <line>', 'run the statement that contains this 1-based line', positiveInt('--line'))
      .option('-a, --all', 'run every statement, in file order')
      .option('--force', 'send statements even when they have lint errors')
      .option('--keep-going', 'with --all: go on after a statement fails (default: skip the rest)'),
  )
    .addHelpText(
      'after',
      `
With neither --statement nor --line, a file with one statement runs it; otherwise choose, or use --all.
Progress goes to stderr (a spinner on a terminal, plain lines otherwise); results to stdout.
Ctrl+C cancels the runs and exits 130.
${CREDENTIALS_HELP}
${EXIT_CODES_HELP}`,
    )
    .action(async (file: string, opts: RunFlags) => {
      const { runCommand } = await import('./chunks/run');
      process.exitCode = await runCommand(file, { ...opts, color: program.opts().color !== false });
    });

  withConnection(
    program
      .command('status')
      .description('Show the status of a request (by its request id); --wait polls until it ends.')
      .argument('<requestId>', 'request id printed by run')
      .option('-w, --wait', 'poll until the request ends'),
  )
    .addHelpText('after', `${CREDENTIALS_HELP}\n${EXIT_CODES_HELP}`)
    .action(async (requestId: string, opts: StatusFlags) => {
      const { statusCommand } = await import('./chunks/run');
      process.exitCode = await statusCommand(requestId, { ...opts, color: program.opts().color !== false });
    });

  addMcpCommand(program);

  return program;
}

/** Parses the command line with commander and runs the command it names. */
export async function runProgram(argv: string[]): Promise<void> {
  const program = build();
  if (argv.length <= 2) {
    writeErr(program.helpInformation());
    return exitAfterFlush(EXIT.usage);
  }
  await finish(
    async () => {
      await program.parseAsync(argv);
    },
    (err) => {
      if (!(err instanceof CommanderError)) return undefined;
      // Help and --version end with 0; every parse problem is bad usage (commander already said why).
      const ok = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help';
      return ok ? EXIT.ok : EXIT.usage;
    },
  );
}
