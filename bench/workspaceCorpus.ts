// A generated workspace for the benchmark of the workspace index: a few files that create the
// platform's clusters, lakes, sources and transformations, and many files of flows and jobs that
// name them (each file about 10 KB, as in a repository of resources).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rng } from './corpus';

const INFRA_FILES = 20;
const PER_INFRA = 25;

export interface GeneratedWorkspace {
  files: number;
  bytes: number;
}

function infraFile(f: number): string {
  const out: string[] = [`-- shared resources, part ${f}`];
  for (let i = 0; i < PER_INFRA; i++) {
    const n = f * PER_INFRA + i;
    out.push(`CREATE CLUSTER etl_${n} TYPE = 'SPARK' MAX_OCU = 8 MIN_OCU = 1;`);
    out.push(`CREATE LAKE lake_${n};`);
    out.push(`CREATE SOURCE source_${n};`);
    out.push(`CREATE TRANSFORMATION mask_${n} TYPE = 'DATA_MASKING' WITH 'data_masking.type' = 'HASHING';`);
  }
  return out.join('\n') + '\n';
}

function flowFile(f: number, r: () => number, targetBytes: number): string {
  const names = INFRA_FILES * PER_INFRA;
  const pick = () => Math.floor(r() * names);
  let text = `-- flows, part ${f}\n`;
  for (let i = 0; text.length < targetBytes; i++) {
    const name = `flow_${f}_${i}`;
    text +=
      `CREATE FLOW ${name}\n  SOURCE = 'source_${pick()}'\n  LAKE = 'lake_${pick()}'\n  DATABASE = 'db_${i % 7}'\n  TABLE_NAME = 't_${i}'\n` +
      `  WRITE_MODE = 'MUTABLE'\n  CLUSTER = 'etl_${pick()}'\n  TRANSFORMATIONS = ('mask_${pick()}', 'mask_${pick()}');\n\n`;
    if (i % 3 === 0) text += `ALTER FLOW ${name} SET CLUSTER = 'ETL_${pick()}';\n\n`;
    if (i % 5 === 0)
      text += `CREATE JOB job_${f}_${i} TYPE = 'PYTHON' PARAMETERS = ('run.py') CLUSTER = 'etl_${pick()}';\nRUN JOB job_${f}_${i};\n\n`;
  }
  return text;
}

/** Writes `files` files (about bytesPerFile each) under dir. */
export function writeWorkspace(dir: string, files = 1000, bytesPerFile = 10_000): GeneratedWorkspace {
  const r = rng(99);
  let bytes = 0;
  mkdirSync(join(dir, 'infra'), { recursive: true });
  for (let f = 0; f < files; f++) {
    const folder = f < INFRA_FILES ? 'infra' : join('flows', `team_${f % 20}`);
    mkdirSync(join(dir, folder), { recursive: true });
    const text = f < INFRA_FILES ? infraFile(f) : flowFile(f, r, bytesPerFile);
    writeFileSync(join(dir, folder, `part_${f}.svcsql`), text);
    bytes += Buffer.byteLength(text);
  }
  return { files, bytes };
}
