// The credentials file format: INI with [profile] sections and `key = value` lines.
// Errors name the line number only, never its text, because a line may hold a secret.

export type IniSections = Map<string, Map<string, string>>;

export function parseIni(text: string, fileLabel: string): IniSections {
  const sections: IniSections = new Map();
  let current: Map<string, string> | undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) return;
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      const name = header[1]!;
      current = sections.get(name) ?? new Map<string, string>();
      sections.set(name, current);
      return;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${fileLabel}, line ${i + 1}: expected [profile] or key = value.`);
    if (!current) throw new Error(`${fileLabel}, line ${i + 1}: a key = value line before any [profile] section.`);
    const key = line.slice(0, eq).trim().toLowerCase();
    let value = line.slice(eq + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0])) value = value.slice(1, -1);
    current.set(key, value);
  });
  return sections;
}
