// Partition groups: (field = 'f' partition_type = 'DATE_STRING' input_format = '...' output_format = '...', ...).
import type { GroupSpec } from '../catalog/types';
import type { GroupNode, ListNode } from '../syntax/elements';
import { didYouMean } from './didYouMean';
import { joinOr } from '../describe';
import { report, type KnownContext } from './context';
import { placeholderValue } from './placeholders';
import { severityFor } from './severity';
import type { ValueChecker, ValueOwner } from './valueOwner';

export function checkGroups(ctx: KnownContext, owner: ValueOwner, list: ListNode, group: GroupSpec, checkValue: ValueChecker): void {
  const severity = severityFor(owner.certainty);
  for (const item of list.items) {
    if (item.kind !== 'group') {
      report(
        ctx,
        item.span,
        severity,
        'expected-groups',
        `${owner.key} takes partition groups such as (field = 'f' partition_type = ''), not ${item.text}${owner.note}.`,
      );
      continue;
    }
    checkGroup(ctx, owner, item, group, checkValue);
  }
}

function checkGroup(ctx: KnownContext, owner: ValueOwner, node: GroupNode, group: GroupSpec, checkValue: ValueChecker): void {
  const severity = severityFor(owner.certainty);
  const keys = group.keys.map((k) => k.key);
  const seen = new Set<string>();
  const meant = new Set<string>();
  for (const pair of node.pairs) {
    const written = pair.key.text;
    let spec = group.keys.find((k) => k.key === written);
    if (!spec) {
      const suggestion = keys.find((k) => k === written.toLowerCase()) ?? didYouMean(written, keys);
      if (suggestion) meant.add(suggestion);
      const why =
        suggestion === written.toLowerCase()
          ? `group keys are lower case: ${suggestion}`
          : `a partition group has ${joinOr(keys)}${suggestion ? `; did you mean ${suggestion}?` : ''}`;
      report(
        ctx,
        pair.key.span,
        severity,
        'unknown-group-key',
        `${written} is not a partition group key: ${why}${owner.note}.`,
        suggestion ? { replacement: suggestion, fixTitle: `Change to ${suggestion}` } : undefined,
      );
      spec = suggestion ? group.keys.find((k) => k.key === suggestion) : undefined;
      if (!spec) continue;
    } else if (seen.has(spec.key)) {
      report(ctx, pair.key.span, severity, 'duplicate-group-key', `${spec.key} is given twice in this partition group${owner.note}.`);
    }
    seen.add(spec.key);
    if (pair.value) checkValue(ctx, { ...owner, key: spec.key }, pair.value, spec.value);
  }
  const last = node.pairs[node.pairs.length - 1];
  for (const k of group.keys) {
    if (!k.required || seen.has(k.key) || meant.has(k.key)) continue;
    const text = `${k.key} = ${placeholderValue(k.value, k.key)}`;
    report(ctx, node.span, severity, 'missing-group-key', `This partition group needs ${k.key}${owner.note}.`, {
      insert: { offset: last ? last.span.end : node.span.end, text: ` ${text}` },
      fixTitle: `Add ${text}`,
    });
  }
}
