// Core diagnostics in their LSP form, as one connection asked for them at initialize.
import type { Diagnostic } from 'vscode-languageserver/node';
import type { CoreDiagnostic, Range } from '../../../core/src/index';
import { sameLspForm, toDiagnostic } from './convert';

export class DiagnosticConverter {
  /**
   * The core hands back the same diagnostic objects for statements an edit did not move, so their
   * LSP form is kept too: a keystroke in a 10,000-statement file converts only what changed.
   */
  private readonly converted = new WeakMap<CoreDiagnostic, Diagnostic>();
  /**
   * By range object: a statement whose fix data holds absolute offsets gets new diagnostics when an
   * edit earlier on its line or above moves it, with the same range object when its line did not
   * change (core positionCache.ts). Their LSP form (no data) is the same, and kept the same object,
   * the message encoder reuses its JSON and the runs around it: a new object for each made it join
   * ~300 of a publish's ~550 diagnostics piece by piece after every keystroke at 10,000 statements.
   */
  private readonly byRange = new WeakMap<Range, Diagnostic>();

  /**
   * `links` false when the client links each code to its docs entry itself (initializationOptions
   * `diagnosticLinks: 'client'`, as the extension does): a link is a quarter of a publish's bytes.
   */
  constructor(private readonly links: boolean) {}

  /** The last list made for each document (lspList), and the core list it was made from. */
  private readonly lists = new Map<string, { core: readonly CoreDiagnostic[]; lsp: Diagnostic[] }>();

  /**
   * `core` in LSP form, for a publish of document `uri`; nobody changes either list afterwards (the
   * message encoder keeps the one it sent, to compare the next with it). Most diagnostics of a
   * keystroke's list are the very core objects of the last list, before the edit at the same index
   * and after it moved by as many as the edit added: their LSP forms are taken from that list by
   * index, without a lookup each (a fifth of a keystroke's publish at 10,000 statements).
   */
  lspList(uri: string, core: readonly CoreDiagnostic[]): Diagnostic[] {
    const last = this.lists.get(uri);
    // The very list again (a capped one the keystroke left as it was): its LSP list again.
    if (last?.core === core) return last.lsp;
    const n = core.length;
    const out = new Array<Diagnostic>(n);
    let prefix = 0;
    if (last) {
      const before = last.core;
      const m = before.length;
      while (prefix < n && prefix < m && core[prefix] === before[prefix]) {
        out[prefix] = last.lsp[prefix]!;
        prefix++;
      }
      // After the edit, diagnostic i was diagnostic i - (n - m) of the last list, if it is the same object.
      const moved = n - m;
      for (let i = n - 1; i >= prefix; i--) {
        const j = i - moved;
        out[i] = j >= prefix && j < m && core[i] === before[j] ? last.lsp[j]! : this.lsp(core[i]!);
      }
    } else {
      for (let i = 0; i < n; i++) out[i] = this.lsp(core[i]!);
    }
    this.lists.set(uri, { core, lsp: out });
    return out;
  }

  /** Drops what lspList keeps for a document (closed). */
  forget(uri: string): void {
    this.lists.delete(uri);
  }

  readonly lsp = (d: CoreDiagnostic): Diagnostic => {
    let lsp = this.converted.get(d);
    if (lsp) return lsp;
    const same = this.byRange.get(d.range);
    if (same !== undefined && sameLspForm(same, d)) lsp = same;
    else this.byRange.set(d.range, (lsp = toDiagnostic(d, this.links)));
    this.converted.set(d, lsp);
    return lsp;
  };
}
