// The names of objects the extension last read from the service (`svcsql/serviceObjects`), as a
// NameSource for completion. Kept per kind for one profile: each notification replaces that kind's
// names; a notification for another profile drops every name of the previous one (the extension
// sends an empty list per kind on a profile switch or sign-out, so stale names never linger).
import type { KnownName, NameSource, ObjectKind } from '../../../core/src/index';
import type { ServiceObjectsParams } from '../../../protocol/src/lspExtensions';

const MAX_NAMES_PER_KIND = 5000;
const MAX_NAME_LENGTH = 256;

interface KindNames {
  names: string[];
  readAt: number;
}

export class ServiceNames {
  private profile: string | undefined;
  private readonly byKind = new Map<string, KindNames>();

  /** Takes a notification's names; anything malformed is ignored (the client is ours, the names are the service's). */
  update(params: ServiceObjectsParams): void {
    if (!params || typeof params.profile !== 'string' || typeof params.kind !== 'string' || !Array.isArray(params.names)) return;
    if (params.profile !== this.profile) {
      this.byKind.clear();
      this.profile = params.profile;
    }
    const names = params.names
      .filter((n): n is string => typeof n === 'string' && n.length > 0 && n.length <= MAX_NAME_LENGTH)
      .slice(0, MAX_NAMES_PER_KIND);
    if (names.length === 0) this.byKind.delete(params.kind);
    else this.byKind.set(params.kind, { names, readAt: Number.isFinite(params.readAt) ? params.readAt : Date.now() });
  }

  readonly source: NameSource = (kind: ObjectKind): KnownName[] => {
    const entry = this.byKind.get(kind);
    if (!entry) return [];
    const documentation = `Read from the service with profile \`${markdownCode(this.profile ?? '')}\` at ${new Date(entry.readAt).toISOString().replace('T', ' ').slice(0, 19)} UTC (Service Objects view).`;
    return entry.names.map((name) => ({ name, kind, origin: 'service', documentation }));
  };
}

/** Text for inside a Markdown code span: no backticks or line breaks can end it early. */
function markdownCode(text: string): string {
  return text.replace(/[`\r\n]/g, ' ').slice(0, 100);
}
