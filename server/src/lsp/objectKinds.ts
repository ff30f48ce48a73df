// The answer to `svcsql/objectKinds`: what the Service Objects view needs from the catalog (the kinds
// SHOW can list, their DESCRIBE, the statements that name an object of each kind), as plain data.
import {
  listableKinds,
  statementDescribing,
  statementListing,
  statementSnippet,
  statementsCreating,
  statementsNaming,
  type StatementSpec,
} from '../../../core/src/index';
import type { ObjectKindsResult, ObjectStatementTemplate } from '../../../protocol/src/lspExtensions';

/** A statement's snippet split around its name: the name is filled in by the view, per object. */
export function statementTemplate(spec: StatementSpec): ObjectStatementTemplate {
  const head = spec.heads[0]!.join(' ');
  // Without a name the snippet is the head, then the rest with tab stops from $1.
  const withoutName = statementSnippet({ ...spec, name: undefined });
  return {
    id: spec.id,
    title: head,
    summary: spec.summary,
    head,
    rest: withoutName.startsWith(head) ? withoutName.slice(head.length) : '',
    backticked: spec.name?.backticked === true,
  };
}

export function objectKinds(): ObjectKindsResult {
  return {
    kinds: listableKinds().map((k) => {
      const describe = statementDescribing(k.kind);
      return {
        kind: k.kind,
        label: k.label,
        plural: k.plural,
        show: statementListing(k.kind)!.heads[0]!.join(' '),
        ...(describe ? { describe: statementTemplate(describe) } : {}),
        statements: statementsNaming(k.kind).map(statementTemplate),
        // What makes, removes or renames one (ALTER … NEW_NAME); DESCRIBE and RUN leave the list as it is.
        changedBy: [
          ...statementsCreating(k.kind),
          ...statementsNaming(k.kind).filter((s) => ['DELETE', 'ALTER'].includes(s.heads[0]![0]!)),
        ].map((s) => s.heads[0]!.join(' ')),
      };
    }),
  };
}
