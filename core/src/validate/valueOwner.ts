// Whose value is being checked (a clause, or a key inside a partition group): shared by values.ts
// and groups.ts without either importing the other's module for it.
import type { ClauseSpec, StatementSpec, ValueShape, Certainty } from '../catalog/types';
import type { ValueNode } from '../syntax/elements';
import type { KnownContext } from './context';
import { clauseCertainty, guessNote } from './severity';

export interface ValueOwner {
  /** 'MIN_SYNC_FREQUENCY_MINS', or 'partition_type' inside a group. */
  key: string;
  certainty: Certainty;
  /** ' (the syntax of … is guessed; …)' or ''. */
  note: string;
}

/** checkValue's signature: groups.ts is handed it, so that values.ts ↔ groups.ts is no import cycle. */
export type ValueChecker = (ctx: KnownContext, owner: ValueOwner, value: ValueNode, shape: ValueShape) => void;

// The owner of a clause's value depends only on the statement's spec, the head written and the
// clause: made once per such triple, not once per clause checked.
const owners = new WeakMap<StatementSpec, Map<string, Map<ClauseSpec, ValueOwner>>>();

/** The owner of a catalog clause's value in this statement (shared: never changed). */
export function valueOwner(ctx: KnownContext, clause: ClauseSpec): ValueOwner {
  let byHead = owners.get(ctx.spec);
  if (!byHead) {
    byHead = new Map();
    owners.set(ctx.spec, byHead);
  }
  let byClause = byHead.get(ctx.head);
  if (!byClause) {
    byClause = new Map();
    byHead.set(ctx.head, byClause);
  }
  let owner = byClause.get(clause);
  if (!owner) {
    owner = Object.freeze({ key: clause.key, certainty: clauseCertainty(ctx.spec, clause), note: guessNote(ctx, clause) });
    byClause.set(clause, owner);
  }
  return owner;
}
