// The custom LSP messages between the extension and the language server: the one module both
// sides import, so a method name or a payload shape cannot drift apart.
import { NotificationType, RequestType, RequestType0, type Range } from 'vscode-languageserver-protocol';
import type { StatementSpans } from './statementSpans';

/** `svcsql/statements`: each statement's range and the exact text to send to the service. */
export interface StatementsParams {
  uri: string;
  /**
   * Only the statements whose lines meet this range's lines (Run Statement at a cursor or a
   * selection asks for these, not for every statement of a large file).
   */
  range?: Range;
  /**
   * The compact form (statementSpans.ts): `spans` instead of `statements`, for a whole document's
   * code lenses or notebook cells.
   */
  spans?: boolean;
}

export interface StatementEntry {
  range: Range;
  /** Catalog id, or 'unknown'. */
  kind: string;
  name?: string;
  /** 'CREATE FLOW'. */
  title: string;
  /** Comments blanked to spaces, ';' stripped; line 1 column 0 of it is range.start. */
  text: string;
  hasErrors: boolean;
  /**
   * Present when the statement holds WITH values the catalog marks secret: `text` with each of
   * them as '***', for everything but sending (output, history, labels).
   */
  displayText?: string;
  /** Those secret values (unquoted), so that the client can redact an echo of them too. */
  secretValues?: string[];
}

export interface StatementsResult {
  /** Empty when `spans` was asked for. */
  statements: StatementEntry[];
  /** With `spans: true`: every listed statement, compact. */
  spans?: StatementSpans;
  /** Set when the server does not analyse this document (a file above its size limit): why, for the user. */
  unavailable?: string;
}

export const StatementsRequest = new RequestType<StatementsParams, StatementsResult | null, void>('svcsql/statements');

/** `svcsql/stats`: the server's memory, for the benchmark. */
export interface ServerStats {
  heapUsed: number;
  rss: number;
  documents: number;
  /** Open documents whose objects the workspace index read from the document (for the tests: the work done). */
  documentsIndexed?: number;
}

export const ServerStatsRequest = new RequestType<void, ServerStats, void>('svcsql/stats');

/**
 * `svcsql/serviceObjects` (client → server): the names of the objects of one kind last read from the
 * service (the Service Objects view), so that completion can offer them where a statement names an
 * object of that kind. The core never talks to the service; it only receives these names.
 */
export interface ServiceObjectsParams {
  /** The profile the names were read with. */
  profile: string;
  /** A catalog object kind: 'cluster', 'lake', … */
  kind: string;
  names: string[];
  /** When they were read, in ms since the epoch. */
  readAt: number;
}

export const ServiceObjectsNotification = new NotificationType<ServiceObjectsParams>('svcsql/serviceObjects');

/**
 * `svcsql/objectKinds` (client → server): the kinds of object the catalog can list with SHOW, with
 * the statements the Service Objects view runs or inserts for them. The extension cannot read the
 * catalog itself (it reaches the language core only through the server).
 */
export interface ObjectStatementTemplate {
  /** Catalog id: 'alter-cluster'. */
  id: string;
  /** 'ALTER CLUSTER'. */
  title: string;
  summary: string;
  /** Snippet text that goes before the name: the canonical head, 'ALTER CLUSTER'. */
  head: string;
  /** Snippet text after the name (tab stops from $1, already escaped): ' SET MAX_OCU = ${1}'. */
  rest: string;
  /** The service expects the name in backticks (job run ids). */
  backticked: boolean;
}

export interface ObjectKindEntry {
  /** Catalog object kind: 'cluster', 'table-service'. */
  kind: string;
  /** 'cluster' / 'clusters'. */
  label: string;
  plural: string;
  /** The statement that lists the kind, ready to send: 'SHOW CLUSTERS'. */
  show: string;
  /** The DESCRIBE statement of the kind, when the catalog has one. */
  describe?: ObjectStatementTemplate;
  /** The statements that name an existing object of the kind (ALTER / DELETE / DESCRIBE / RUN …). */
  statements: ObjectStatementTemplate[];
  /** Titles of the statements whose success changes the list: 'CREATE CLUSTER', 'DELETE CLUSTER', 'ALTER CLUSTER' (renames). */
  changedBy: string[];
}

export interface ObjectKindsResult {
  kinds: ObjectKindEntry[];
}

export const ObjectKindsRequest = new RequestType0<ObjectKindsResult, void>('svcsql/objectKinds');
