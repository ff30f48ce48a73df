// The shape of the dialect catalog: everything the editor knows about statements.
// Validation, completion, hover, snippets, the CLI and the emulator read only this.

/** How sure we are of a statement's syntax (explained in docs/statements.md, "How sure we are"). */
export type Certainty = 'ref' | 'code' | 'seen' | 'name';

export interface EnumValue {
  value: string;
  doc?: string;
  /**
   * The thing is documented but not how statements spell it (the SQL and Open Engines cluster
   * types): `value` is only a guess. A value written like it (case, spaces, '_' and '-' aside) earns
   * information, never an error; completion does not offer it; `label` names it in words.
   */
  spellingUnknown?: boolean;
  /** How the value is named in words when its spelling is unknown: 'Open Engines'. */
  label?: string;
  /**
   * The value applies only when a clause of the same statement has this value (the GPU worker type
   * on Open Engines clusters); `note` says so in words. Otherwise: information, never an error.
   */
  onlyWhen?: { clause: string; value: string; note: string };
}

/** What may stand after `KEY =` (or after a keyword-form clause). */
export type ValueShape =
  /** A single-quoted string; `path`: it is a path that must end a certain way. */
  | { kind: 'string'; examples?: string[]; path?: PathRule }
  /** An unquoted whole number; `unit` words the message ("minutes"). */
  | { kind: 'integer'; unit?: string; min?: number }
  /** A parenthesised list of strings: ('a', 'b'); known values, when listed, are suggested and checked. */
  | { kind: 'stringList'; values?: EnumValue[] }
  /** A parenthesised list of partition groups: (field = 'f' partition_type = '' ..., ...). */
  | { kind: 'groupList'; group: GroupSpec }
  /** The strings 'true' or 'false'. */
  | { kind: 'boolean' }
  /**
   * One of a known set of values. `quoting`: how the value is written: 'quoted' ('A'),
   * 'bare' (A), or 'either' (older pages quote, newer do not).
   * `open`: other values may exist (only seen examples are listed), so an unknown one is not an error.
   */
  | { kind: 'enum'; values: EnumValue[]; quoting: 'quoted' | 'bare' | 'either'; open?: boolean }
  /** A bare or backticked name, possibly dotted: CATALOG = my_catalog. */
  | { kind: 'name' };

/** How a path must end (a lake's bucket path ends with '/'); `what` names it in messages. */
export interface PathRule {
  endsWith: string;
  what: string;
}

export interface GroupSpec {
  /** The lower-case keys of one group, in the order the reference shows them. */
  keys: { key: string; doc: string; required: boolean; value: ValueShape }[];
}

export interface WithKeySpec {
  key: string;
  doc: string;
  /** Known values of the key, for completion, hover and the value check (see valuesClosed). */
  values?: EnumValue[];
  /**
   * True when the reference lists the key's values (the row-filtering operator): any other value is
   * an error, a case-only difference a warning. Otherwise the values were only seen, and another
   * value earns information.
   */
  valuesClosed?: boolean;
  /**
   * The key is needed when another key of the same WITH has one of these values
   * (convert_cdc.target_schema when convert_cdc.cdc_format is mongodb).
   */
  requiredWhen?: { key: string; values: string[] };
  /**
   * The value is a secret (a third party's API key, a password, a token): shown as *** in
   * output, logs and history; only the text sent to the service carries it.
   */
  secret?: boolean;
  /** Where the key is documented (the page whose example uses it). */
  source?: SourceRef;
}

/** The WITH pairs a statement (or one of its clauses) accepts. */
export interface WithSpec {
  /** Keys known for every use. */
  keys: WithKeySpec[];
  /**
   * Keys that depend on another clause's value: e.g. transformation TYPE or table SERVICE.
   * `clause` names the clause; `byValue` maps its (upper-cased, unquoted) value to its keys, and
   * `prefixesByValue` to the prefixes its keys share (DERIVED_DATE: 'derived.date.transformation.').
   */
  keysBy?: { clause: string; byValue: Record<string, WithKeySpec[]>; prefixesByValue?: Record<string, string[]> };
  /** Prefixes that known keys share (e.g. 'flow.'); a key with one of them is accepted. */
  prefixes?: string[];
  /** True when the full key list is known, so an unknown key earns an information diagnostic. */
  closed?: boolean;
  doc?: string;
}

/**
 * Where a rule of the catalog comes from: the vendor page and the sentence it rests on, so that a
 * message, hover and docs/statements.md can name them.
 */
export interface SourceRef {
  /** The page's title, for messages: 'Flow Configurations'. */
  page: string;
  /** Where it is, for docs/statements.md: 'docs.onehouse.ai/product/ingest-data/flows/flow-configs'. */
  url: string;
  /** The sentence (or table cell) the rule rests on, quoted from the page ('…' marks what is left out). */
  says: string;
}

/**
 * A clause that depends on the value of another clause of the same statement: PERFORMANCE_PROFILE
 * only with WRITE_MODE 'IMMUTABLE', RECORD_KEY_FIELDS needed with WRITE_MODE 'MUTABLE'.
 */
export interface ClauseCondition {
  /** The other clause: 'WRITE_MODE'. */
  clause: string;
  /** Its values (upper case, unquoted) for which the clause applies or is needed. */
  values: string[];
  /** Words for messages: "append-only (IMMUTABLE) flows". */
  what: string;
  source: SourceRef;
  /**
   * Another vendor source that breaks the rule in its own example (the sources disagree): the rule
   * is then a warning that names `source.page`, never an error.
   */
  disputedBy?: SourceRef;
}

export interface ClauseSpec {
  /** The clause keyword(s), upper case: 'SOURCE', 'TO ROLE', 'ADVANCED_CONFIGS'. */
  key: string;
  /**
   * How the clause is written:
   * - 'assign' (default): KEY = value
   * - 'keyword': KEY value, no '=' (GRANT ... TO ROLE name, FOR IMPORT)
   * - 'flag': KEY alone, usually followed by WITH (ALTER FLOW ... SET ADVANCED_CONFIGS WITH ...)
   */
  form?: 'assign' | 'keyword' | 'flag';
  /** Absent for 'flag' clauses. */
  value?: ValueShape;
  /** true: an error when missing; 'warn': a warning (the reference is inconsistent). */
  required?: boolean | 'warn';
  doc: string;
  /** WITH pairs that belong to this clause (ALTER FLOW SET SOURCE = ... WITH ...). */
  with?: WithSpec;
  /** Defaults to the statement's certainty. */
  certainty?: Certainty;
  /** A note shown in hover and messages, e.g. "only for IMMUTABLE flows". */
  note?: string;
  /** The value the service uses when the clause is left out, as written: 'MERGE_ON_READ'. */
  default?: string;
  /** True when the clause's place in a fixed-order statement is not documented: its order is not checked. */
  anyPosition?: boolean;
  /** The value (a string, a name, or each string of a list) names an object of this kind. */
  refersTo?: ObjectKind;
  /** The clause applies only when another clause has one of the given values (an error, or a warning when disputed). */
  onlyWhen?: ClauseCondition;
  /** The clause is needed when another clause has one of the given values (a warning when disputed). */
  requiredWhen?: ClauseCondition;
}

/**
 * The kinds of object the service holds: what CREATE / UPLOAD statements make, what ALTER /
 * DELETE / DESCRIBE / RUN and clauses such as CLUSTER = '…' name, what SHOW lists.
 */
export type ObjectKind =
  'lake' | 'database' | 'cluster' | 'source' | 'catalog' | 'transformation' | 'flow' | 'job' | 'jar' | 'table-service';

export interface ObjectKindSpec {
  kind: ObjectKind;
  /** Words for messages and views: 'cluster' / 'clusters', 'JAR' / 'JARs'. */
  label: string;
  plural: string;
  /**
   * How the service compares names of this kind. Backticks are never part of a name.
   * The reference: transformation names are case-insensitive (the service lower-cases them); for the
   * other kinds it is not documented, and the editor compares case-insensitively too.
   */
  caseInsensitive: true;
}

export interface NameSpec {
  /** How the name is called in messages and snippets: 'flow name', 'run id'. */
  label: string;
  required: boolean;
  /** True when the service expects the name in backticks (job run ids). */
  backticked?: boolean;
  /** Where the backticks rule comes from. */
  backtickedSource?: SourceRef;
  /** True when the name may be dotted (lake.db.table). */
  dotted?: boolean;
  /** The statement makes an object of this kind with this name (CREATE CLUSTER name). */
  creates?: ObjectKind;
  /** The name is that of an existing object of this kind (ALTER / DELETE / DESCRIBE / RUN). */
  refersTo?: ObjectKind;
}

/**
 * How SET is used by ALTER statements:
 * - 'none' (default): no SET
 * - 'once': one SET followed by the clauses (ALTER CLUSTER name SET MAX_OCU = 4 MIN_OCU = 1)
 * - 'each': SET before every clause (ALTER JOB name SET CLUSTER = 'c' SET PARAMETERS = (...))
 * - 'oneAction': exactly one SET action (ALTER FLOW name SET STATE = PAUSE)
 */
export type SetUse = 'none' | 'once' | 'each' | 'oneAction';

export interface StatementSpec {
  /** Stable id: 'create-flow'. */
  id: string;
  /** Keyword sequences that open the statement; the first is canonical. */
  heads: string[][];
  /** One-line summary. */
  summary: string;
  /** Longer hover text (markdown). */
  doc?: string;
  certainty: Certainty;
  name?: NameSpec;
  set?: SetUse;
  clauses: ClauseSpec[];
  /** True when the reference fixes the clause order (the order of `clauses`). */
  fixedOrder?: boolean;
  /** WITH pairs at the end of the statement (after every clause, whether or not their order is fixed). */
  with?: WithSpec;
  /** The vendor pages and sentences the statement's syntax and rules rest on. */
  sources?: SourceRef[];
  /** An example statement, valid by this catalog; the fixture corpus checks every one. */
  example: string;
  /** The statement lists the objects of this kind (SHOW CLUSTERS). */
  lists?: ObjectKind;
  /**
   * The vendor's documents name this statement's arguments (the Terraform provider, the CLI: a lake's
   * type and bucket path, a table service's settings) but no source gives its SQL layout: what the
   * editor finds in it is information at most, never a warning or an error, until a source does.
   */
  argumentsOnly?: boolean;
  /** For statements whose clause layout is partly unknown ("IMPORT POLICIES … CHANGES_PATH"): extra words are tolerated. */
  openEnded?: boolean;
  /**
   * A rule for every value that looks like a bucket path (scheme://…) wherever it stands, for a
   * fact whose clause is not documented (a lake's bucket path ends with '/').
   */
  bucketPaths?: PathRule;
}

export interface Catalog {
  statements: StatementSpec[];
}
