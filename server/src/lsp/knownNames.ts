// The names of existing objects that completion offers, from every source the server has (the
// workspace index, the names the extension last read from the service). Sources registered first
// win when two name the same object, so the more precise one registers first.
import type { KnownName, NameSource, ObjectKind } from '../../../core/src/index';

export class KnownNames {
  private readonly sources: NameSource[] = [];

  register(source: NameSource): void {
    this.sources.push(source);
  }

  readonly source: NameSource = (kind: ObjectKind): KnownName[] => this.sources.flatMap((s) => s(kind));
}
