// A few DOM helpers for the results page. Text always goes in as textContent, never as HTML.

type Attrs = Record<string, string | number | boolean | undefined>;

/** An element with attributes (false/undefined skipped) and children (strings become text nodes). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | undefined)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === 'class') el.className = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== undefined) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

/** A codicon (from @vscode/codicons, bundled with the page). */
export function icon(name: string): HTMLElement {
  return h('span', { class: `codicon codicon-${name}`, 'aria-hidden': 'true' });
}

/** A toolbar button with an icon, a visible or hidden label, and a tooltip. */
export function button(
  iconName: string,
  label: string,
  onClick: () => void,
  opts: { showLabel?: boolean; id?: string; title?: string } = {},
): HTMLButtonElement {
  const b = h(
    'button',
    { type: 'button', class: opts.showLabel ? 'btn' : 'btn icon-only', title: opts.title ?? label, 'aria-label': label, id: opts.id },
    icon(iconName),
    opts.showLabel ? h('span', {}, label) : undefined,
  );
  b.addEventListener('click', onClick);
  return b;
}

export function clear(el: Node): void {
  while (el.firstChild) el.firstChild.remove();
}
