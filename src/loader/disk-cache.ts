// The on-disk cache of parsed manifest files. Jest gives every spec file a fresh module registry, and workers are
// separate processes, so a repository's manifests would be parsed again in every spec file. An entry holds what
// parsing one file gave — the objects (as JSON), where each came from, and the file's problems — under a key of the
// file's bytes, its name as given, the `kind` option, the modelled release (the kinds its API server serves) and the
// library build; it is only trusted when it is complete and carries that same key (core/safe-files.ts: this user's
// file, its header's key and SHA-256; docs/security.md).
// JSON.parse hands out fresh objects on every read.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { settings } from '../core/config';
import { defaultCacheRoot, forgetDirectories, privateDirectory, readEntry as readSealed, warnOnce, writeEntryParts as writeParts } from '../core/safe-files';

/** Bumped when an entry's layout changes. */
const FORMAT = 1;

/** Where an object sits in its file, as the loader's location keeps it (its source text is the file's, or one line). */
export interface CachedLocation {
  document: number;
  line: number;
  /** The document index in the source text (0 for a JSON-lines line). */
  sourceDocument: number;
  prefix: Array<string | number>;
  /** Set for a JSON-lines object: its line (0-based) is its source text. */
  jsonLine?: number;
}

export interface CachedFile {
  objects: unknown[];
  locations: CachedLocation[];
  problems: Array<{ file: string; line: number; column?: number; field?: string; message: string }>;
}

interface Entry extends Omit<CachedFile, 'problems'> {
  format: number;
  key: string;
  /** Each problem as its [key, value] pairs, undefined kept as null: a re-read problem has the same keys in order. */
  problems: Array<Array<[string, unknown]>>;
}

const isProblem = (pairs: unknown): boolean => {
  if (!Array.isArray(pairs) || !pairs.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string')) return false;
  const p = Object.fromEntries(pairs) as Record<string, unknown>;
  return typeof p.file === 'string' && typeof p.line === 'number' && typeof p.message === 'string';
};

// The library build the entries belong to: its version, and the size and time of the loader's own files (a rebuilt
// loader with the same version number must not read what an older one wrote).
let build: string | undefined;
function libraryBuild(): string {
  if (build !== undefined) return build;
  let version = '?';
  try {
    version = (JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    // not found: the files below still tell builds apart
  }
  let stamps: string[] = [];
  try {
    stamps = readdirSync(__dirname).filter((f) => !f.includes('.test.')).sort().map((f) => {
      const s = statSync(path.join(__dirname, f));
      return `${f}:${s.size}:${s.mtimeMs}`;
    });
  } catch {
    // bundled or unreadable: the version alone
  }
  return (build = `${version}\u0000${stamps.join('\u0000')}`);
}

/**
 * The directory, as a root and the directories below it: JEST_K8S_PLACEMENT_CACHE/manifests, else
 * node_modules/.cache/jest-k8s-placement/manifests, else <tmpdir>/jest-k8s-placement-<uid>/manifests.
 */
function candidates(): string[][] {
  const env = process.env.JEST_K8S_PLACEMENT_CACHE;
  if (env) return [[path.resolve(env), 'manifests']];
  const out: string[][] = [];
  // the node_modules of the project being tested: the nearest one up from cwd
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const modules = path.join(dir, 'node_modules');
    try {
      if (statSync(modules).isDirectory()) {
        out.push([path.join(modules, '.cache', 'jest-k8s-placement'), 'manifests']);
        break;
      }
    } catch {
      // not here
    }
    if (path.dirname(dir) === dir) break;
  }
  out.push([defaultCacheRoot(), 'manifests']);
  return out;
}

let chosen: string | null | undefined;
/**
 * The first directory that can be made and is this user's alone (safe-files.ts); null when none (the cache is then
 * off). One that cannot be made (a read-only node_modules) gives way to the next; one that exists but is not this
 * user's alone (another owner, writable by others, a symlink) turns the cache off, with one warning.
 */
function directory(): string | null {
  if (chosen !== undefined) return chosen;
  for (const [root, ...below] of candidates()) {
    const { dir, why, refused } = privateDirectory(root, ...below);
    if (dir) return (chosen = dir);
    if (refused) {
      warnOnce(`jest-k8s-placement: not using the manifest cache ${why}; parsing without it (name a directory of your own with JEST_K8S_PLACEMENT_CACHE)`);
      break;
    }
  }
  return (chosen = null);
}

/** The key of one file's parse: what the result depends on. */
export function entryKey(bytes: Buffer, file: string, kind: string | undefined, release: string = settings().kubernetesVersion): string {
  return createHash('sha256')
    .update(`${FORMAT}\u0000${libraryBuild()}\u0000${file}\u0000${kind ?? ''}\u0000${release}\u0000`)
    .update(bytes)
    .digest('hex');
}

const isLocation = (l: unknown): l is CachedLocation => {
  const x = l as CachedLocation;
  return typeof x === 'object' && x !== null && Number.isInteger(x.document) && Number.isInteger(x.line) &&
    Number.isInteger(x.sourceDocument) && Array.isArray(x.prefix) && (x.jsonLine === undefined || Number.isInteger(x.jsonLine));
};

/** The entry for `key` when there is a complete one of this format with that key; anything else is not trusted. */
export function readEntry(key: string): CachedFile | undefined {
  const dir = directory();
  if (!dir) return undefined;
  const body = readSealed(path.join(dir, `${key}.json`), key);
  if (body === undefined) return undefined; // missing, planted, cut short or another key's
  let entry: Entry;
  try {
    entry = JSON.parse(body) as Entry;
  } catch {
    return undefined;
  }
  if (typeof entry !== 'object' || entry === null || entry.format !== FORMAT || entry.key !== key) return undefined;
  const { objects, locations, problems } = entry;
  if (!Array.isArray(objects) || !Array.isArray(locations) || !Array.isArray(problems) || objects.length !== locations.length) return undefined;
  if (!locations.every(isLocation) || !objects.every((o) => typeof o === 'object' && o !== null && !Array.isArray(o))) return undefined;
  if (!problems.every(isProblem)) return undefined;
  return {
    objects, locations,
    problems: problems.map((pairs) => Object.fromEntries(pairs.map(([k, v]) => [k, v === null ? undefined : v])) as CachedFile['problems'][number]),
  };
}

/** A value JSON gives back exactly: no NaN, ±Infinity, -0 or undefined anywhere (YAML has .nan and .inf). */
function jsonExact(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return true;
  if (Array.isArray(value)) return value.every(jsonExact);
  if (typeof value !== 'object' || value === undefined) return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k of Object.keys(value)) if (!jsonExact((value as Record<string, unknown>)[k])) return false;
  return true;
}

/**
 * Store one file's parse (written to a temporary file and renamed, so a reader sees a whole entry or none; a full
 * disk stores nothing, with one warning). A parse whose objects JSON cannot carry exactly is not stored: that file is
 * parsed every time.
 */
export function writeEntry(key: string, file: CachedFile): void {
  const dir = directory();
  if (!dir || !file.objects.every(jsonExact)) return;
  const problems = file.problems.map((p) => Object.entries(p).map(([k, v]) => [k, v === undefined ? null : v]));
  // the bytes of JSON.stringify({ format, key, objects, locations, problems }), an object at a time: a large file's
  // entry as one string (over 100 MB, two bytes a character once one is not Latin-1) costs more to make, hash and
  // write than its parts
  writeParts(path.join(dir, `${key}.json`), key, (add) => {
    add(`{"format":${FORMAT},"key":${JSON.stringify(key)},"objects":[`);
    file.objects.forEach((o, i) => add(i ? `,${JSON.stringify(o)}` : JSON.stringify(o)));
    add(`],"locations":${JSON.stringify(file.locations)},"problems":${JSON.stringify(problems)}}`);
  });
}

/** For tests: forget the chosen directory and build stamp (JEST_K8S_PLACEMENT_CACHE or cwd changed). */
export function resetDiskCache(): void {
  chosen = undefined;
  forgetDirectories();
  build = undefined;
}
