// Whose value is being checked (a clause, or a key inside a partition group): shared by values.ts
// and groups.ts without either importing the other's module for it.
import type { ClauseSpec, ValueShape, Certainty } from '../catalog/types';
import type { ValueNode } from '../syntax/elements';
import type { KnownContext } from './context';
import { perClauseMemo } from './perClauseMemo';
import { clauseCertainty, guessNote, type HeadContext } from './severity';

export interface ValueOwner {
  /** 'MIN_SYNC_FREQUENCY_MINS', or 'partition_type' inside a group. */
  key: string;
  certainty: Certainty;
  /** ' (the syntax of … is guessed; …)' or ''. */
  note: string;
}

/** checkValue's signature: groups.ts is handed it, so that values.ts ↔ groups.ts is no import cycle. */
export type ValueChecker = (ctx: KnownContext, owner: ValueOwner, value: ValueNode, shape: ValueShape) => void;

/** The owner of a catalog clause's value in this statement (shared: never changed). */
export const valueOwner: (ctx: KnownContext, clause: ClauseSpec) => ValueOwner = perClauseMemo((ctx: HeadContext, clause: ClauseSpec) =>
  Object.freeze({ key: clause.key, certainty: clauseCertainty(ctx.spec, clause), note: guessNote(ctx, clause) }),
);
