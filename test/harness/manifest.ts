// package.json as the tests read it: its contributions, and the settings of every titled section.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');

export interface SettingSchema {
  type?: string | string[];
  default?: unknown;
  pattern?: string;
  scope?: string;
}

export interface ConfigurationSection {
  title?: string;
  order?: number;
  properties?: Record<string, SettingSchema>;
}

export interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string; altText?: string };
  completionEvents?: string[];
}

export interface Manifest {
  name: string;
  version: string;
  capabilities?: Record<string, unknown>;
  contributes: {
    commands: { command: string; title: string }[];
    views: Record<string, { id: string }[]>;
    configuration: ConfigurationSection | ConfigurationSection[];
    walkthroughs?: { id: string; title: string; description: string; steps: WalkthroughStep[] }[];
  };
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
}

/** Every setting the manifest declares, whichever titled section holds it. */
export function manifestSettings(manifest: Manifest = readManifest()): Record<string, SettingSchema> {
  const sections = Array.isArray(manifest.contributes.configuration)
    ? manifest.contributes.configuration
    : [manifest.contributes.configuration];
  return Object.assign({}, ...sections.map((s) => s.properties ?? {})) as Record<string, SettingSchema>;
}
