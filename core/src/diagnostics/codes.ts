// Every diagnostic code svcsql reports, in one typed list: what it means, a statement that gets it,
// and how to fix it. docs/diagnostics.md is written from this list (`npm run docs`), the CLI's SARIF
// output links each rule to its entry, and the language server links each diagnostic to it.
// test/catalog/diagnosticCodes.test.ts checks that every code the core can emit is here, and that
// each example gets its code.

export interface DiagnosticCodeSpec {
  code: string;
  /** Who reports it: the language core (editor and `svcsql lint` alike), the language server, or the extension (a reply of the service). */
  from: 'core' | 'server' | 'extension';
  /** Its severity, in words: it may follow how sure the catalog is of the rule. */
  severity: string;
  /** One line: what it means. */
  summary: string;
  /** A statement (or file) that gets it; the test analyses it. */
  example?: string;
  /** What to do about it. */
  fix?: string;
  /** True when the editor offers a quick fix. */
  quickFix?: boolean;
}

const byCertainty = 'error, or a warning where the syntax is only seen or guessed';

export const diagnosticCodes = [
  // Syntax: the parser's findings, always errors (the service's parser would reject the text too).
  {
    code: 'unterminated-string',
    from: 'core',
    severity: 'error',
    summary: 'A string has no closing quote on its line.',
    example: "CREATE CLUSTER c TYPE = 'SPARK MAX_OCU = 2 MIN_OCU = 1",
    fix: "Close the string with ' (a quote inside a string is written '').",
    quickFix: true,
  },
  {
    code: 'unterminated-name',
    from: 'core',
    severity: 'error',
    summary: 'A backticked name has no closing backtick.',
    example: "DESCRIBE JOB_RUN `run-0123 JOB_NAME = 'nightly'",
    fix: 'Close the name with `.',
    quickFix: true,
  },
  {
    code: 'unterminated-comment',
    from: 'core',
    severity: 'error',
    summary: 'A /* comment is never closed.',
    example: 'SHOW CLUSTERS /* the rest',
    fix: 'Close the comment with */.',
  },
  {
    code: 'unexpected-character',
    from: 'core',
    severity: 'error',
    summary: 'A character the dialect does not use (statements use letters, digits, _, quotes, backticks, = , . ( and )).',
    example: 'ALTER OCU SET LIMIT = 3 + 1',
    fix: 'Remove the character, or put the text in quotes.',
  },
  {
    code: 'missing-equals',
    from: 'core',
    severity: 'error',
    summary: "The '=' between a clause and its value is missing.",
    example: "CREATE CLUSTER c TYPE 'SPARK' MAX_OCU = 2 MIN_OCU = 1",
    fix: "Insert '=' before the value.",
    quickFix: true,
  },
  {
    code: 'missing-value',
    from: 'core',
    severity: 'error',
    summary: "A clause has '=' but no value after it.",
    example: 'ALTER OCU SET LIMIT =',
    fix: 'Write the value after the =.',
  },
  {
    code: 'unbalanced-parenthesis',
    from: 'core',
    severity: 'error',
    summary: "A '(' is never closed, or a ')' has no '(' before it.",
    example: "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a', 'b' CLUSTER = 'c'",
    fix: 'Add the missing parenthesis.',
  },
  {
    code: 'unexpected-token',
    from: 'core',
    severity: 'error',
    summary: 'Something stands where the grammar expects something else (a comma or = out of place).',
    example: 'ALTER OCU SET LIMIT = 3,',
    fix: 'Remove it, or write what the message says is expected.',
  },
  {
    code: 'syntax',
    from: 'core',
    severity: 'error',
    summary: "The parser's own error, where none of the more specific syntax codes applies.",
    fix: 'Read the message: it names what was found and what was expected.',
  },
  {
    code: 'statement-too-long',
    from: 'core',
    severity: 'error',
    summary: 'A statement of more than 100,000 tokens with a syntax error: too long for the parser to say where (it would take gigabytes).',
    fix: "Split it into statements; or look for a missing ';', quote or parenthesis that made several statements one.",
  },
  {
    code: 'too-many-statement-problems',
    from: 'core',
    severity: 'the most severe of the problems it counts',
    summary:
      'A statement with more than 1,000 problems (a generated one, most often): the first 1,000 found are listed, and this one says how many more there are.',
    fix: 'Fix the problems listed (they are most often the same one, many times over), or split the statement.',
  },
  // The statement and its name.
  {
    code: 'unknown-statement',
    from: 'core',
    severity: 'warning',
    summary: 'The statement does not start with a head the catalog knows; the service decides whether it accepts it.',
    example: 'CRATE FLOW f',
    fix: 'Correct the head (the quick fix offers the closest one), or leave it if the service accepts it.',
    quickFix: true,
  },
  {
    code: 'missing-name',
    from: 'core',
    severity: byCertainty,
    summary: 'The object name after the head is missing.',
    example: 'DELETE CLUSTER',
    fix: 'Write the name after the head.',
  },
  {
    code: 'name-not-backticked',
    from: 'core',
    severity: 'warning',
    summary: 'A name the service expects in backticks (a job run id) is written bare.',
    example: "CANCEL JOB_RUN run_0123 JOB_NAME = 'nightly'",
    fix: 'Write the name in backticks.',
    quickFix: true,
  },
  {
    code: 'run-id-not-backticked',
    from: 'core',
    severity: 'error',
    summary: 'A job run id with dashes or leading digits is written bare: the service reads it as several words.',
    example: "CANCEL JOB_RUN 8f2a1c3e-5b7d-4e2a-9c1f-0123456789ab JOB_NAME = 'nightly'",
    fix: 'Write the whole run id in backticks: `8f2a1c3e-…`.',
    quickFix: true,
  },
  // Clauses.
  {
    code: 'unknown-clause',
    from: 'core',
    severity: `${byCertainty}; information for statements whose clauses are only partly documented`,
    summary: 'A clause the statement does not take.',
    example: "CREATE FLOW f SOURCE = 's' LAKES = 'l'",
    fix: 'Correct the clause (the quick fix offers the closest one) or remove it.',
    quickFix: true,
  },
  {
    code: 'clause-form',
    from: 'core',
    severity: byCertainty,
    summary: "A clause written in the wrong form: with '=' where it takes none (FOR IMPORT, ADVANCED_CONFIGS).",
    example: 'SHOW POLICIES DIFF CATALOG = c FOR = IMPORT',
    fix: "Write it as the message shows, without '='.",
    quickFix: true,
  },
  {
    code: 'duplicate-clause',
    from: 'core',
    severity: byCertainty,
    summary: 'A clause is given twice.',
    example: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 MAX_OCU = 4",
    fix: 'Keep one of them.',
  },
  {
    code: 'missing-clause',
    from: 'core',
    severity: `${byCertainty}; a warning where the sources disagree (CLUSTER of CREATE FLOW, RECORD_KEY_FIELDS of a MUTABLE flow)`,
    summary: 'A required clause is missing.',
    example: "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a')",
    fix: 'Add the clause (the quick fix inserts it with a placeholder, in its place).',
    quickFix: true,
  },
  {
    code: 'clause-order',
    from: 'core',
    severity: `${byCertainty}; information for statements known by their arguments only`,
    summary: "Clauses out of order: WITH comes last in every statement, and CREATE FLOW takes its clauses in the reference's order.",
    example: "CREATE TRANSFORMATION t WITH 'convert_cdc.cdc_format' = 'postgresql' TYPE = 'CONVERT_CDC'",
    fix: 'Put the clauses in order (the quick fix rewrites them, keeping each clause as written).',
    quickFix: true,
  },
  {
    code: 'inapplicable-clause',
    from: 'core',
    severity: 'error; a warning where another vendor source uses the combination',
    summary:
      "A clause that applies only with another clause's value: PERFORMANCE_PROFILE and SORTING_KEY_FIELDS for append-only flows, PRECOMBINE_KEY_FIELD for MUTABLE ones.",
    example:
      "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'IMMUTABLE' CLUSTER = 'c' PRECOMBINE_KEY_FIELD = 'ts'",
    fix: 'Remove the clause (the quick fix does), or change the other clause.',
    quickFix: true,
  },
  // Values.
  {
    code: 'unknown-enum-value',
    from: 'core',
    severity: `${byCertainty}; information where only some values were seen`,
    summary: 'A value that is not one of the clause’s values.',
    example: "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'APPEND' CLUSTER = 'c'",
    fix: 'Use one of the values the message lists (the quick fix corrects a case-only difference or a typo).',
    quickFix: true,
  },
  {
    code: 'enum-quoting',
    from: 'core',
    severity: byCertainty,
    summary: 'A value written bare where the reference quotes it, or quoted where it is bare.',
    example: "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = IMMUTABLE CLUSTER = 'c'",
    fix: 'Write it as the message shows.',
    quickFix: true,
  },
  {
    code: 'undocumented-spelling',
    from: 'core',
    severity: 'information',
    summary:
      'A value whose thing is documented but whose spelling is not (the SQL and Open Engines cluster types): it is read as that thing.',
    example: "CREATE CLUSTER c TYPE = 'OPEN_ENGINES' MAX_OCU = 2 MIN_OCU = 1",
    fix: 'None needed; the service decides whether it accepts the spelling.',
  },
  {
    code: 'inapplicable-value',
    from: 'core',
    severity: 'information',
    summary: "A value that applies only with another clause's value (the GPU worker type on Open Engines clusters).",
    example: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 WITH 'worker.type' = 'oh-gpu-4'",
    fix: 'Check the other clause.',
  },
  {
    code: 'quoted-integer',
    from: 'core',
    severity: 'error',
    summary: 'A whole number written in quotes: the service rejects it with a parse error.',
    example: "ALTER OCU SET LIMIT = '3'",
    fix: 'Remove the quotes (the preferred quick fix).',
    quickFix: true,
  },
  {
    code: 'expected-integer',
    from: 'core',
    severity: byCertainty,
    summary: 'Something other than a whole number where one is needed.',
    example: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = many MIN_OCU = 1",
    fix: 'Write an unquoted whole number.',
  },
  {
    code: 'integer-range',
    from: 'core',
    severity: byCertainty,
    summary: "A whole number below the clause's minimum (no clause of the catalog has one today).",
    fix: 'Use a number in the range the message gives.',
  },
  {
    code: 'expected-string',
    from: 'core',
    severity: byCertainty,
    summary: 'Something other than a quoted string where one is needed.',
    example: "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a') CLUSTER = etl",
    fix: 'Put the value in single quotes (the quick fix does).',
    quickFix: true,
  },
  {
    code: 'expected-name',
    from: 'core',
    severity: byCertainty,
    summary: 'Something other than a name where a bare or backticked name is needed.',
    example: "SHOW POLICIES CATALOG = 'c'",
    fix: 'Write the name bare (or in backticks).',
    quickFix: true,
  },
  {
    code: 'expected-list',
    from: 'core',
    severity: byCertainty,
    summary: "One value where a parenthesised list is needed: ('a', 'b').",
    example: "ALTER FLOW f SET VALIDATIONS = 'schemavalidation'",
    fix: 'Put the value in parentheses (the quick fix does).',
    quickFix: true,
  },
  {
    code: 'list-for-scalar',
    from: 'core',
    severity: byCertainty,
    summary: 'A list where one value is needed.',
    example: "CREATE FLOW f SOURCE = ('s') LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'IMMUTABLE' CLUSTER = 'c'",
    fix: 'Write one value.',
  },
  {
    code: 'expected-groups',
    from: 'core',
    severity: byCertainty,
    summary: 'PARTITION_KEY_FIELDS holds something other than partition groups (field = … partition_type = …).',
    example:
      "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'IMMUTABLE' CLUSTER = 'c' PARTITION_KEY_FIELDS = ('a')",
    fix: "Write each group as field = 'f' partition_type = ''.",
  },
  {
    code: 'unknown-group-key',
    from: 'core',
    severity: byCertainty,
    summary: 'A key a partition group does not take.',
    example:
      "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'IMMUTABLE' CLUSTER = 'c' PARTITION_KEY_FIELDS = (field = 'a' partition_type = '' colour = 'x')",
    fix: 'Correct or remove the key.',
    quickFix: true,
  },
  {
    code: 'duplicate-group-key',
    from: 'core',
    severity: byCertainty,
    summary: 'A key given twice in one partition group.',
    example:
      "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'IMMUTABLE' CLUSTER = 'c' PARTITION_KEY_FIELDS = (field = 'a' field = 'b' partition_type = '')",
    fix: 'Keep one of them.',
  },
  {
    code: 'missing-group-key',
    from: 'core',
    severity: byCertainty,
    summary: 'A partition group lacks a required key (field, partition_type).',
    example:
      "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'IMMUTABLE' CLUSTER = 'c' PARTITION_KEY_FIELDS = (field = 'a')",
    fix: 'Add the key.',
  },
  {
    code: 'unquoted-boolean',
    from: 'core',
    severity: byCertainty,
    summary: "A boolean written bare where the reference quotes it ('true', 'false').",
    example: 'ALTER FLOW f SET QUARANTINE_ENABLED = true',
    fix: "Quote it: 'true' (the quick fix does).",
    quickFix: true,
  },
  {
    code: 'invalid-boolean',
    from: 'core',
    severity: byCertainty,
    summary: "A value other than 'true' or 'false' where a boolean is needed.",
    example: "ALTER FLOW f SET QUARANTINE_ENABLED = 'yes'",
    fix: "Write 'true' or 'false'.",
  },
  {
    code: 'unknown-list-value',
    from: 'core',
    severity: 'information',
    summary: 'A list value outside those the catalog knows (validations); others may exist.',
    example: "ALTER FLOW f SET VALIDATIONS = ('schemavalidaton')",
    fix: 'Check the spelling (the quick fix offers the closest known value).',
    quickFix: true,
  },
  {
    code: 'missing-keyword-value',
    from: 'core',
    severity: byCertainty,
    summary: 'A keyword clause without its value (FOR without IMPORT or SYNC, TO ROLE without a role).',
    example: 'SHOW POLICIES DIFF CATALOG = c FOR',
    fix: 'Write the value after the keyword.',
  },
  {
    code: 'path-end',
    from: 'core',
    severity: 'warning, or information for statements known by their arguments only',
    summary: "A path that must end a certain way does not (a lake's bucket path ends with '/').",
    example: "CREATE LAKE l BUCKET_PATH = 's3://b/lake'",
    fix: "Add the ending (the quick fix adds '/').",
    quickFix: true,
  },
  // WITH pairs.
  {
    code: 'unexpected-with',
    from: 'core',
    severity: `${byCertainty}; information for statements whose clauses are only partly documented`,
    summary: 'A WITH where the statement takes none (or where only a clause takes one, right after its value).',
    example: "DELETE JOB j WITH 'a' = 'b'",
    fix: 'Remove the WITH pairs, or move them after the clause that takes them.',
  },
  {
    code: 'duplicate-with',
    from: 'core',
    severity: 'warning',
    summary: 'A second WITH in one statement.',
    example: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 WITH 'worker.type' = 'oh-general-4' WITH 'a' = 'b'",
    fix: 'Put all pairs in one WITH, separated by commas.',
  },
  {
    code: 'missing-with',
    from: 'core',
    severity: byCertainty,
    summary: 'A clause that stands alone to introduce WITH pairs (ADVANCED_CONFIGS) has none.',
    example: 'ALTER FLOW f SET ADVANCED_CONFIGS',
    fix: "Add WITH 'key' = 'value' pairs.",
  },
  {
    code: 'unquoted-with-key',
    from: 'core',
    severity: 'error',
    summary: "A WITH key written bare: the reference's grammar has only quoted keys.",
    example: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 WITH worker.type = 'oh-general-4'",
    fix: 'Quote the key (the quick fix does).',
    quickFix: true,
  },
  {
    code: 'unquoted-with-value',
    from: 'core',
    severity: 'warning',
    summary: 'A WITH value written bare: WITH values are quoted strings.',
    example: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 WITH 'worker.type' = general",
    fix: 'Quote the value (the quick fix does).',
    quickFix: true,
  },
  {
    code: 'duplicate-with-key',
    from: 'core',
    severity: 'warning',
    summary: 'A WITH key given twice.',
    example: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 WITH 'worker.type' = 'oh-general-4', 'worker.type' = 'oh-general-8'",
    fix: 'Keep one of them.',
  },
  {
    code: 'unknown-with-key',
    from: 'core',
    severity: 'information',
    summary: 'A WITH key the catalog does not know for this statement (or for its TYPE or SERVICE); the service may accept other keys.',
    example: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 WITH 'worker.typ' = 'oh-general-4'",
    fix: 'Check the spelling (the quick fix offers the closest known key).',
    quickFix: true,
  },
  {
    code: 'unknown-with-value',
    from: 'core',
    severity: 'error where the reference lists the values; information where they were only seen',
    summary: "A WITH value outside the key's known values.",
    example:
      "CREATE TRANSFORMATION t TYPE = 'ROW_FILTERING' WITH 'row.filtering.transformation.field' = 'a', 'row.filtering.transformation.sql.operator' = 'LIKE', 'row.filtering.transformation.value' = 'x', 'row.filtering.transformation.value.type' = 'string'",
    fix: 'Use one of the values the message lists.',
    quickFix: true,
  },
  {
    code: 'missing-with-key',
    from: 'core',
    severity: byCertainty,
    summary: 'A WITH key needed by another key’s value is missing (convert_cdc.target_schema for mongodb).',
    example: "CREATE TRANSFORMATION t TYPE = 'CONVERT_CDC' WITH 'convert_cdc.cdc_format' = 'mongodb'",
    fix: 'Add the key.',
  },
  // SET.
  {
    code: 'missing-set',
    from: 'core',
    severity: byCertainty,
    summary: 'An ALTER statement whose clauses need SET before them has none.',
    example: 'ALTER FLOW f STATE = PAUSE',
    fix: 'Write SET before the clause.',
    quickFix: true,
  },
  {
    code: 'extra-set',
    from: 'core',
    severity: byCertainty,
    summary: 'SET where the statement takes none, or more SETs than it takes.',
    example: 'ALTER CLUSTER c SET MAX_OCU = 4 SET MIN_OCU = 1',
    fix: 'Remove the extra SET.',
  },
  {
    code: 'empty-set',
    from: 'core',
    severity: byCertainty,
    summary: 'SET with nothing after it.',
    example: 'ALTER CLUSTER c SET',
    fix: 'Write the clause to set after SET.',
  },
  {
    code: 'dangling-set',
    from: 'core',
    severity: byCertainty,
    summary: 'A SET followed by another SET, with no clause of its own.',
    example: "ALTER JOB j SET SET CLUSTER = 'c'",
    fix: 'Remove it, or write its clause.',
  },
  {
    code: 'missing-set-action',
    from: 'core',
    severity: byCertainty,
    summary: 'ALTER FLOW without its one SET action.',
    example: 'ALTER FLOW f',
    fix: 'Add one SET action (STATE, SOURCE, CLUSTER, …).',
  },
  {
    code: 'several-set-actions',
    from: 'core',
    severity: byCertainty,
    summary: 'ALTER FLOW with more than one SET action: the reference takes exactly one.',
    example: "ALTER FLOW f SET STATE = PAUSE SET CLUSTER = 'c'",
    fix: 'Send one ALTER FLOW per change.',
  },
  {
    code: 'stray-words',
    from: 'core',
    severity: `${byCertainty}; a warning when they look like the start of another statement`,
    summary: 'Words nothing in the statement accounts for, or the start of another statement without a separator.',
    example: "CREATE CLUSTER c TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1 quickly",
    fix: "Remove them, or separate statements with ';' or a blank line.",
  },
  // The workspace, the server and the service.
  {
    code: 'unresolved-reference',
    from: 'core',
    severity: 'information (shown only when asked for: svcsql.diagnostics.unresolvedReferences, svcsql lint --unresolved-references)',
    summary: 'A name no file of the workspace creates; the object may exist on the service.',
    fix: 'Check the name, or create the object in a file of the workspace.',
  },
  {
    code: 'file-too-large',
    from: 'server',
    severity: 'information',
    summary: 'The file is larger than the editor analyses: diagnostics, completion, hover and Run are off for it.',
    fix: 'Check it with `svcsql lint` (which reads large files piece by piece), or split it.',
  },
  {
    code: 'too-many-problems',
    from: 'server',
    severity: 'information',
    summary:
      'The file has more problems than the editor lists (1,000 a file): errors first, then warnings; this one says how many are not shown.',
    fix: 'Fix the errors shown, or list them all with `svcsql lint`.',
  },
  {
    code: 'parse',
    from: 'extension',
    severity: 'error',
    summary: "The service rejected the statement as unparseable (HTTP 400); the diagnostic stands where the service's message points.",
    fix: "Read the service's message; fix the statement and run it again.",
  },
] as const satisfies readonly DiagnosticCodeSpec[];

/** A code svcsql reports. */
export type DiagnosticCode = (typeof diagnosticCodes)[number]['code'];

const byCode: ReadonlyMap<string, DiagnosticCodeSpec> = new Map(diagnosticCodes.map((d) => [d.code, d]));

export function diagnosticCodeSpec(code: string): DiagnosticCodeSpec | undefined {
  return byCode.get(code);
}

/** The reference page of the codes, relative to the repository's root. */
export const DIAGNOSTICS_DOC = 'docs/diagnostics.md';

/**
 * Where a code's entry is, for a SARIF helpUri or an LSP codeDescription: the page in the repository
 * (`home` is its URL, e.g. package.json's repository without `.git`) with the code's anchor.
 * Undefined for a code the registry does not hold.
 */
export function diagnosticHelpUri(code: string, home: string): string | undefined {
  if (!byCode.has(code)) return undefined;
  return `${home.replace(/\/$/, '')}/blob/main/${DIAGNOSTICS_DOC}#${code}`;
}
