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
  const items = list.items;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
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
  // Keys seen and keys a misspelt key meant, in lists made only when a group has something to
  // remember: a group has a few pairs, and two sets per group were this rule's garbage.
  let seen: string[] | undefined;
  let meant: string[] | undefined;
  const pairs = node.pairs;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    const written = pair.key.text;
    let spec = keyNamed(group, written);
    if (!spec) {
      const keys = group.keys.map((k) => k.key);
      const suggestion = keys.find((k) => k === written.toLowerCase()) ?? didYouMean(written, keys);
      if (suggestion) (meant ??= []).push(suggestion);
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
      spec = suggestion ? keyNamed(group, suggestion) : undefined;
      if (!spec) continue;
    } else if (seen?.includes(spec.key)) {
      report(ctx, pair.key.span, severity, 'duplicate-group-key', `${spec.key} is given twice in this partition group${owner.note}.`);
    }
    (seen ??= []).push(spec.key);
    if (pair.value) checkValue(ctx, keyOwner(owner, spec.key), pair.value, spec.value);
  }
  const last = node.pairs[node.pairs.length - 1];
  for (const k of group.keys) {
    if (!k.required || seen?.includes(k.key) || meant?.includes(k.key)) continue;
    const text = `${k.key} = ${placeholderValue(k.value, k.key)}`;
    report(ctx, node.span, severity, 'missing-group-key', `This partition group needs ${k.key}${owner.note}.`, {
      insert: { offset: last ? last.span.end : node.span.end, text: ` ${text}` },
      fixTitle: `Add ${text}`,
    });
  }
}

/** The group's first key spelt `key` (a loop: no closure per pair). */
function keyNamed(group: GroupSpec, key: string): GroupSpec['keys'][number] | undefined {
  for (let i = 0; i < group.keys.length; i++) if (group.keys[i]!.key === key) return group.keys[i];
  return undefined;
}

/** The owner of a group key's value: the clause's owner with the key's name, made once per owner and key (owners are shared, never changed). */
const keyOwners = new WeakMap<ValueOwner, Map<string, ValueOwner>>();

function keyOwner(owner: ValueOwner, key: string): ValueOwner {
  let byKey = keyOwners.get(owner);
  if (!byKey) {
    byKey = new Map();
    keyOwners.set(owner, byKey);
  }
  let made = byKey.get(key);
  if (!made) {
    made = Object.freeze({ ...owner, key });
    byKey.set(key, made);
  }
  return made;
}
