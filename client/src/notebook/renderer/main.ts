// The notebook renderer (bundled as an ES module to out/notebook-renderer.js): draws a cell's run
// output (RUN_MIME) with the results panel's own views — header and timeline, tables with filter,
// sort, copy and export, tree, raw JSON. Each output lives in a shadow root, so that the page's
// styles stay out of the notebook's other outputs and Markdown cells; its element ids carry a
// prefix of their own. Copy and save go to the extension through renderer messaging.
import codiconCss from '@vscode/codicons/dist/codicon.css';
import type { RunView } from '../../results/protocol';
import { clear, h } from '../../results/webview/dom';
import { runHeader } from '../../results/webview/header';
import { type PageHost, type ViewState, viewStateFor } from '../../results/webview/pageState';
import resultsCss from '../../results/webview/results.css';
import { responseView, tablesOf } from '../../results/webview/table';
import rendererCss from './renderer.css';

interface OutputItem {
  readonly id: string;
  readonly mime: string;
  json(): unknown;
}
interface RendererContext {
  postMessage?(message: unknown): void;
}

/** The view state (tab, table, filter, sort) of each run, kept while its output is replaced in place. */
const states = new Map<string, ViewState>();
let outputs = 0;
let fontAdded = false;

/** The codicon font must be declared in the document: @font-face does not work inside a shadow root. */
function addFont(): void {
  if (fontAdded) return;
  fontAdded = true;
  const face = /@font-face\s*{[^}]*}/.exec(codiconCss)?.[0];
  if (!face) return;
  const font = new URL('./codicon.ttf', import.meta.url).toString();
  const style = document.createElement('style');
  style.textContent = face.replace(/url\([^)]*codicon\.ttf[^)]*\)/, `url("${font}")`);
  document.head.append(style);
}

const isRunView = (v: unknown): v is RunView => {
  const r = v as RunView | undefined;
  return !!r && typeof r.id === 'string' && typeof r.state === 'string' && Array.isArray(r.events);
};

export function activate(ctx: RendererContext) {
  return {
    renderOutputItem(item: OutputItem, element: HTMLElement): void {
      addFont();
      const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
      clear(shadow);
      const style = document.createElement('style');
      style.textContent = `${codiconCss.replace(/@font-face\s*{[^}]*}/, '')}\n${resultsCss}\n${rendererCss}`;
      shadow.append(style);
      const view = item.json();
      if (!isRunView(view)) {
        shadow.append(h('p', { class: 'empty' }, 'This output is not a Service SQL run.'));
        return;
      }
      const prefix = `svcsql-o${++outputs}-`;
      const tables = tablesOf(view);
      const host: PageHost = {
        post: (m) => ctx.postMessage?.(m),
        state: viewStateFor(states.get(view.id), view.id, tables.length),
        saveState: () => void states.set(view.id, host.state),
        id: (name) => prefix + name,
        canOpenJson: false,
      };
      host.saveState();
      const root = h('div', { class: 'svcsql-output', 'data-run-id': view.id, 'data-state': view.state });
      root.append(runHeader(view, host, { statement: false }), responseView(view, tables, host).element);
      shadow.append(root);
    },
    disposeOutputItem(): void {
      // Nothing held per output beyond the view states, which are small and keyed by run.
    },
  };
}
