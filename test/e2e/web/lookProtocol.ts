// What the browser suite (inside the web worker extension host) may ask the runner about the page the
// user sees: the extension host cannot read the workbench's DOM, the runner's Playwright page can.
// Posted to the result server as `{ look }`; the answer is a LookAnswer.

export type Look =
  /** Text visible in the workbench (a notification, a view's welcome content), within `within` (a CSS selector) if given. */
  | { kind: 'text'; text: string; within?: string }
  /** How many elements match selector in the workbench, once at least `atLeast` do (e.g. `.squiggly-error`). */
  | { kind: 'count'; selector: string; atLeast: number }
  /** The values of one column of the results panel's grid (its webview), once a successful run is drawn. */
  | { kind: 'grid'; column: string }
  /** A screenshot of the page now, to test-results/e2e-web/<file> (the README's picture is a copy of a good one). */
  | { kind: 'screenshot'; file: string };

export interface LookAnswer {
  ok: boolean;
  error?: string;
  count?: number;
  values?: string[];
}
