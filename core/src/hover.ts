// Hover: statement keywords, clause keywords, enum values, group keys and WITH keys, read from the
// resolved statement under the caret and described from the catalog.
import { matchEnumValue } from './catalog/index';
import type { ClauseSpec, EnumValue, StatementSpec, ValueShape, WithSpec } from './catalog/types';
import {
  clauseMarkdown,
  enumLiteral,
  quote,
  requirementInWords,
  shapeInWords,
  statementMarkdown,
  valueMarkdown,
  withValuesInWords,
  writtenHead,
} from './describe';
import type { SvcSqlDocument } from './document';
import type { ResolvedStatement } from './model/resolved';
import { resolvedOf } from './statementAnalysis';
import type { ValueNode, WithNode } from './syntax/elements';
import type { CoreHover, Position, Span } from './types';
import { allKeys, allPrefixes, applicableKeys, withSpecAt } from './applicableWithKeys';

type Found = { markdown: string; span: Span };

export function hover(doc: SvcSqlDocument, position: Position): CoreHover | undefined {
  const offset = doc.lines.offsetAt(position);
  const statement = doc.statementAt(offset);
  if (!statement) return undefined;
  const found = hoverIn(resolvedOf(statement.analysis), offset - statement.start);
  if (!found) return undefined;
  return {
    contents: found.markdown,
    range: doc.range({ start: statement.start + found.span.start, end: statement.start + found.span.end }),
  };
}

const within = (span: Span, at: number) => span.start <= at && at < span.end;

function hoverIn(r: ResolvedStatement, at: number): Found | undefined {
  const spec = r.spec;
  if (!spec) return undefined;
  const head = writtenHead(spec, r.head);
  if (r.head.some((w) => within(w.span, at))) {
    return { markdown: statementMarkdown(spec, head), span: { start: r.head[0]!.span.start, end: r.head[r.head.length - 1]!.span.end } };
  }
  const set = r.sets.find((s) => within(s.span, at));
  if (set) return { markdown: setMarkdown(spec), span: set.span };

  for (const clause of r.clauses) {
    if (within(clause.keySpan, at)) {
      const markdown = clause.spec ? clauseMarkdown(clause.spec, spec) : `\`${clause.key}\` is not a known clause of ${head}.`;
      return { markdown, span: clause.keySpan };
    }
    if (clause.value && clause.spec && within(clause.value.span, at)) {
      const found = valueHover(clause.spec, clause.value, at);
      if (found) return found;
    }
    if (clause.with && clause.spec?.with) {
      const found = withHover(clause.with, clause.spec.with, r, spec, at);
      if (found) return found;
    }
  }
  for (const w of r.with) {
    const withSpec = withSpecAt(r, w.keyword.start) ?? spec.with;
    if (withSpec) {
      const found = withHover(w, withSpec, r, spec, at);
      if (found) return found;
    }
  }
  return undefined;
}

function enumValueHover(shape: ValueShape | undefined, value: string, owner: string, span: Span): Found | undefined {
  if (shape?.kind === 'enum') {
    const m = matchEnumValue(shape.values, value);
    if (m?.how === 'guessed') {
      const label = m.value.label ?? m.value.value;
      return {
        markdown: [
          `\`${value}\` — read as the ${label} value of ${owner}`,
          m.value.doc,
          `*How statements spell ${label} is not documented; the service decides whether it accepts this spelling.*`,
        ]
          .filter(Boolean)
          .join('\n\n'),
        span,
      };
    }
    if (m) return { markdown: valueMarkdown(enumLiteral(m.value.value, shape.quoting), m.value, owner), span };
  } else if (shape?.kind === 'boolean') {
    return { markdown: `\`${quote(value)}\` — value of ${owner} ('true' or 'false')`, span };
  } else if (shape?.kind === 'stringList') {
    const v = shape.values?.find((e) => e.value === value);
    if (v) return { markdown: valueMarkdown(quote(v.value), v, owner), span };
  }
  return undefined;
}

function valueHover(clause: ClauseSpec, value: ValueNode, at: number): Found | undefined {
  if (value.kind !== 'list') return enumValueHover(clause.value, value.value, clause.key, value.span);
  const shape = clause.value;
  for (const item of value.items) {
    if (!within(item.span, at)) continue;
    if (item.kind !== 'group') return enumValueHover(shape, item.value, clause.key, item.span);
    if (shape?.kind !== 'groupList') return undefined;
    for (const pair of item.pairs) {
      const key = shape.group.keys.find((k) => k.key === pair.key.text.toLowerCase());
      if (!key) continue;
      if (within(pair.key.span, at)) {
        return {
          markdown: `\`${key.key} = ${shapeInWords(key.value)}\` — ${requirementInWords(key.required)} in each partition group\n\n${key.doc}`,
          span: pair.key.span,
        };
      }
      if (pair.value && within(pair.value.span, at)) return enumValueHover(key.value, pair.value.value, key.key, pair.value.span);
    }
  }
  return undefined;
}

function withHover(w: WithNode, withSpec: WithSpec, r: ResolvedStatement, spec: StatementSpec, at: number): Found | undefined {
  if (within(w.keyword, at)) return { markdown: `**WITH** — ${withSpec.doc ?? 'settings as quoted key = value pairs'}`, span: w.keyword };
  for (const pair of w.pairs) {
    const onKey = within(pair.key.span, at);
    const onValue = !!pair.value && within(pair.value.span, at);
    if (!onKey && !onValue) continue;
    const key = applicableKeys(withSpec, r).find((k) => k.key === pair.key.value) ?? allKeys(spec).find((k) => k.key === pair.key.value);
    if (!key) {
      const prefix = allPrefixes(withSpec).find((p) => pair.key.value.startsWith(p));
      return onKey && prefix
        ? {
            markdown: `\`${quote(pair.key.value)}\` — WITH key (prefix \`${prefix}\`)\n\n${withSpec.doc ?? ''}`.trim(),
            span: pair.key.span,
          }
        : undefined;
    }
    if (onKey) {
      const values = key.values?.length ? `\n\n${withValuesInWords(key)}` : '';
      return { markdown: `\`${quote(key.key)}\` — WITH key\n\n${key.doc}${values}`, span: pair.key.span };
    }
    const value = pair.value!;
    if (value.kind === 'list') return undefined;
    const known: EnumValue | undefined = key.values?.find((v) => v.value === value.value);
    return known ? { markdown: valueMarkdown(quote(known.value), known, quote(key.key)), span: value.span } : undefined;
  }
  return undefined;
}

function setMarkdown(spec: StatementSpec): string {
  switch (spec.set) {
    case 'each':
      return '**SET** — comes before every clause of this statement.';
    case 'oneAction':
      return '**SET** — followed by exactly one action; send several statements to change several things.';
    default:
      return '**SET** — followed by the clauses to change.';
  }
}
