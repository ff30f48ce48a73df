// The names of existing objects that completion offers, from every source the server has (the
// workspace index, the names the extension last read from the service). Sources registered first
// win when two name the same object, so the more precise one registers first.
import type { KnownName, NameAnswer, NameQuery, NameSource, ObjectKind } from '../../../core/src/index';

export class KnownNames {
  private readonly sources: NameSource[] = [];

  register(source: NameSource): void {
    this.sources.push(source);
  }

  readonly source: NameSource = (kind: ObjectKind, query: NameQuery): NameAnswer => {
    const names: KnownName[] = [];
    let partial = false;
    for (const s of this.sources) {
      const answer = s(kind, query);
      if (Array.isArray(answer)) names.push(...(answer as readonly KnownName[]));
      else {
        const chosen = answer as NameAnswer;
        names.push(...chosen.names);
        partial ||= chosen.partial;
      }
    }
    return { names, partial };
  };
}
