import { RequestType } from 'vscode-languageserver/node';
import type { Range } from '../../../core/src/index';

/** `svcsql/statements`: each statement's range and the exact text to send to the service. */
export interface StatementsParams {
  uri: string;
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
}

export interface StatementsResult {
  statements: StatementEntry[];
}

export const StatementsRequest = new RequestType<StatementsParams, StatementsResult | null, void>('svcsql/statements');

/** `svcsql/stats`: the server's memory, for the benchmark. */
export interface ServerStats {
  heapUsed: number;
  rss: number;
  documents: number;
}

export const ServerStatsRequest = new RequestType<void, ServerStats, void>('svcsql/stats');
