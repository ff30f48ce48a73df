// The key/value view of a response: objects and arrays as <details> (keyboard-usable natively),
// children built only when opened, long lists in slices of 200.
import { cellText, isNested, own } from '../../../../service/src/results/table';
import { h } from './dom';

const SLICE = 200;

export function treeOf(value: unknown, open = true): HTMLElement {
  const root = h('div', { class: 'kv-tree' });
  if (!isNested(value)) {
    root.append(
      h('div', { class: 'kv-leaf' }, h('span', { class: 'kv-value' }, value === undefined ? '(no response)' : cellText(value, 10_000))),
    );
    return root;
  }
  root.append(node('response', value, open));
  return root;
}

function node(key: string, value: unknown, open: boolean): HTMLElement {
  if (!isNested(value)) {
    const cls = value === null ? 'null' : typeof value;
    return h(
      'div',
      { class: 'kv-leaf' },
      h('span', { class: 'kv-key' }, key),
      h('span', { class: `kv-value kv-${cls}` }, cellText(value, 2000)),
    );
  }
  const isArr = Array.isArray(value);
  const keys = isArr ? [] : Object.keys(value as object);
  const n = isArr ? (value as unknown[]).length : keys.length;
  const details = h('details', { class: 'kv-node', open });
  const summary = h(
    'summary',
    {},
    h('span', { class: 'kv-key' }, key),
    h('span', { class: 'kv-count' }, isArr ? `[${n}]` : `{${n}}`),
    h('span', { class: 'kv-preview' }, cellText(value, 120)),
  );
  details.append(summary);
  const children = h('div', { class: 'kv-children' });
  details.append(children);
  let shown = 0;
  const more = (): void => {
    const end = Math.min(n, shown + SLICE);
    for (let i = shown; i < end; i++) {
      if (isArr) children.append(node(`[${i}]`, (value as unknown[])[i], false));
      else children.append(node(cellText(keys[i]!, 200), own(value as Record<string, unknown>, keys[i]!), false));
    }
    shown = end;
    children.querySelector(':scope > .kv-more')?.remove();
    if (shown < n) {
      const b = h('button', { type: 'button', class: 'btn kv-more' }, `Show ${Math.min(SLICE, n - shown)} more of ${n - shown}`);
      b.addEventListener('click', () => {
        more();
        (children.children[shown - SLICE] as HTMLElement | undefined)?.querySelector('summary')?.focus();
      });
      children.append(b);
    }
  };
  const fill = (): void => {
    if (details.open && shown === 0) more();
  };
  details.addEventListener('toggle', fill);
  if (open) fill();
  return details;
}
