// A tool's input checked against its schema (toolSpecs.ts): bad input is a message saying what is
// wrong, for a tool error, never an exception. Only the schema subset the tools use is understood.
import type { ToolSpec } from './toolSpecs';

export type ToolInput = Record<string, string>;

export type InputCheck = { ok: true; input: ToolInput } | { ok: false; message: string };

export function checkInput(spec: ToolSpec, raw: unknown): InputCheck {
  const fail = (message: string): InputCheck => ({ ok: false, message: `Invalid input for ${spec.name}: ${message}` });
  const value = raw ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) return fail('the arguments must be a JSON object.');
  const schema = spec.inputSchema;
  const input: ToolInput = {};
  const known = Object.keys(schema.properties);
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const prop = Object.prototype.hasOwnProperty.call(schema.properties, key) ? schema.properties[key] : undefined;
    if (!prop) {
      const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
      return fail(
        `unknown argument ${JSON.stringify(shown)}; ${known.length ? `the arguments are ${known.join(', ')}` : 'it takes none'}.`,
      );
    }
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return fail(`${key} must be a string, not ${Array.isArray(v) ? 'an array' : typeof v}.`);
    if (prop.minLength !== undefined && v.length < prop.minLength) return fail(`${key} is empty.`);
    if (prop.maxLength !== undefined && v.length > prop.maxLength)
      return fail(`${key} is ${v.length.toLocaleString('en')} characters long; the most is ${prop.maxLength.toLocaleString('en')}.`);
    if (prop.enum && !prop.enum.includes(v)) {
      const shown = v.length > 40 ? `${v.slice(0, 40)}…` : v;
      return fail(`${key} must be one of ${prop.enum.join(', ')}, not ${JSON.stringify(shown)}.`);
    }
    input[key] = v;
  }
  for (const key of schema.required ?? []) if (input[key] === undefined) return fail(`${key} is required.`);
  return { ok: true, input };
}
