// Statement text coloured like the editor does it (keywords, strings, numbers, comments), as spans
// with textContent: enough to read a statement at a glance, with theme colours from CSS.
import { h } from './dom';

const TOKEN = /(--[^\n]*)|('(?:[^'\\]|\\.|'')*'?)|(`[^`]*`?)|(\b\d+(?:\.\d+)?\b)|(\b[A-Z][A-Z_]*\b)|([^-'`\dA-Z]+|.)/gy;

export function highlightStatement(text: string): DocumentFragment {
  const frag = document.createDocumentFragment();
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN.exec(text)) && m[0].length) {
    const cls = m[1] ? 'tok-comment' : m[2] ? 'tok-string' : m[3] ? 'tok-name' : m[4] ? 'tok-number' : m[5] ? 'tok-keyword' : undefined;
    frag.append(cls ? h('span', { class: cls }, m[0]) : document.createTextNode(m[0]));
  }
  return frag;
}
