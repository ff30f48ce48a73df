// Hands the names the view read to the language server (`svcsql/serviceObjects`), which offers them
// in completion. On a profile switch or sign-out every kind sent so far is sent again empty, so the
// server holds no name of a connection the user left.
import type { LanguageClient } from 'vscode-languageclient/node';
import { ServiceObjectsNotification, type ServiceObjectsParams } from '../../../protocol/src/lspExtensions';
import type { RedactingLog } from '../log';

export class ServiceNamesSync {
  private readonly sent = new Set<string>();

  constructor(
    /** The language client once it runs. */
    private readonly client: Promise<LanguageClient>,
    private readonly log: RedactingLog,
  ) {}

  publish(profile: string, kind: string, names: readonly string[], readAt: number): void {
    if (names.length) this.sent.add(kind);
    else this.sent.delete(kind);
    this.send({ profile, kind, names: [...names], readAt });
  }

  /** Forgets every name sent for `profile` (the profile being left, or the one now active). */
  clear(profile: string): void {
    for (const kind of this.sent) this.send({ profile, kind, names: [], readAt: Date.now() });
    this.sent.clear();
  }

  private send(params: ServiceObjectsParams): void {
    // The client bundles its own vscode-jsonrpc: the method name is what travels.
    void this.client
      .then((client) => client.sendNotification(ServiceObjectsNotification.method, params))
      .catch((err: unknown) =>
        this.log.warn(
          `Service Objects: could not hand the ${params.kind} names to the language server: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
  }
}
