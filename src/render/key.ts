// The render cache's key for a chart: everything `helm template` reads, so that a changed input never gets the old
// render. What cannot be keyed (a post-renderer, a values URL, an unknown flag) is not cached at all: a render that
// is slower is better than one that is stale.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { cached } from './cache';
import { flagInputs } from './helm-args';
import { RenderError, runTool, type RunOptions, type Tool } from './tool';

type Hash = ReturnType<typeof createHash>;

/**
 * Every file helm can read below the chart. helm's loader follows symlinks, to files and to directories
 * (internal/sympath/walk.go symwalk, used by pkg/chart/loader/directory.go), so the walk hashes what a link points
 * at, and a dangling link as its target's name. A directory already on the walk's path (a link cycle) is marked,
 * not entered again. Other file types (FIFOs, devices) are skipped: helm reads them as files, which would hang it.
 */
export function hashChartTree(hash: Hash, dir: string): void {
  const open = new Set<string>();
  const walk = (abs: string, rel: string) => {
    const real = realpathSync(abs);
    if (open.has(real)) {
      hash.update(`${rel}\0cycle\0`);
      return;
    }
    open.add(real);
    for (const name of readdirSync(abs).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      const file = path.join(abs, name);
      const shown = rel ? `${rel}/${name}` : name;
      let stat;
      try {
        stat = statSync(file);
      } catch {
        hash.update(`${shown}\0dangling\0${readlinkOr(file)}\0`);
        continue;
      }
      if (stat.isDirectory()) walk(file, shown);
      else if (stat.isFile()) {
        const bytes = readFileSync(file);
        hash.update(`${shown}\0${bytes.length}\0`).update(bytes);
      }
    }
    open.delete(real);
  };
  walk(dir, '');
}

const readlinkOr = (file: string) => {
  try {
    return readlinkSync(file);
  } catch {
    return '';
  }
};

/**
 * helm's version, run once per binary (its real path, size and mtime) and kept beside the render cache: 200 spec
 * files would otherwise run `helm version` 200 times (about 90 ms each). Also kept in memory for this process.
 */
const versions = new Map<string, string>();
export function helmIdentity(tool: Tool, cacheDir: string, run: RunOptions): string {
  let stat = '';
  try {
    const real = realpathSync(tool.path);
    const s = statSync(real);
    stat = `${real}:${s.size}:${s.mtimeMs}`;
  } catch {
    // not a path (a name on PATH resolved by spawn): the version alone, asked each time
  }
  const known = stat && versions.get(stat);
  if (known) return known;
  const ask = () => {
    const out = runTool(tool, ['version', '--template', '{{.Version}} {{.GitCommit}} {{.GoVersion}}'], run);
    if (out.status !== 0) throw new RenderError(`${tool.path} (${tool.how}) version failed: ${out.stderr.trim() || out.stdout.trim()}. ${run.install}`);
    return out.stdout.trim();
  };
  const version = stat ? cached(path.join(cacheDir, 'helm-version'), createHash('sha256').update(stat).digest('hex').slice(0, 32), ask).value : ask();
  const id = `${version} ${stat}`;
  if (stat) versions.set(stat, id);
  return id;
}

export interface ChartKeyInputs {
  /** helm's identity (helmIdentity), asked only when the render can be keyed. */
  helm: () => string;
  /** The chart directory, absolute. */
  chartDir: string;
  cwd: string;
  /** The whole argv but for the temporary values files. */
  args: string[];
  /** The values as given: files (relative to cwd) and objects. */
  values: Array<string | Record<string, unknown>>;
  /** The user's own flags. */
  flags: string[];
}

/**
 * The key, or why this render cannot have one. It covers: helm's version and binary; the chart's identity (its real
 * path, so two charts never share a key) and every file below it, through symlinks; the argv; the values files' and
 * objects' contents; the files `flags` name (`-f`, `--values`, `--set-file`); and the HELM_* environment, which
 * helm reads for its settings (HELM_NAMESPACE is `.Release.Namespace` when --namespace is not given).
 */
export function chartKey(k: ChartKeyInputs): { key: string } | { uncacheable: string } {
  const fromFlags = flagInputs(k.flags);
  if ('uncacheable' in fromFlags) return fromFlags;
  const hash = createHash('sha256').update(`helm ${k.helm()}\0chart ${realpathSync(k.chartDir)}\0${JSON.stringify(k.args)}\0`);
  for (const v of k.values) {
    const bytes = typeof v === 'string' ? readFileSync(path.resolve(k.cwd, v)) : Buffer.from(JSON.stringify(v));
    hash.update(`${bytes.length}\0`).update(bytes);
  }
  for (const file of fromFlags.files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.resolve(k.cwd, file));
    } catch {
      return { uncacheable: `flags: cannot read ${file}` };
    }
    hash.update(`${path.resolve(k.cwd, file)}\0${bytes.length}\0`).update(bytes);
  }
  for (const name of Object.keys(process.env).filter((n) => n.startsWith('HELM_')).sort()) hash.update(`${name}=${process.env[name]}\0`);
  try {
    hashChartTree(hash, k.chartDir);
  } catch (e) {
    return { uncacheable: `cannot read the chart's files: ${(e as Error).message}` }; // helm names it, if it matters
  }
  return { key: hash.digest('hex').slice(0, 32) };
}
