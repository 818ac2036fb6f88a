// Files on a shared machine (a CI runner with one world-writable temp directory, several jobs or users). The caches
// keep their entries in a directory only this user can write, and read an entry only when it is a whole one this user
// wrote for that key; the reports replace their files through a temporary file and a rename, so a symlink planted
// at a report's name is replaced, never followed, and a full disk leaves the old file whole. See docs/security.md.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The effective user id, or undefined where there is none (Windows: the temp directory is per user already). */
const me = (): number | undefined => process.geteuid?.();

/** `<tmpdir>/jest-k8s-placement-<uid>`: the caches' default root, made by this user, 0700. */
export function defaultCacheRoot(): string {
  return path.join(tmpdir(), `jest-k8s-placement-${me() ?? 'user'}`);
}

// Warnings said in this process. Kept on a core module object, which Jest shares between the module registries it
// gives every spec file, so that 200 spec files say a warning once per worker, not 200 times.
const SAID = Symbol.for('jest-k8s-placement.warnings');
const said = ((fs as unknown as Record<symbol, Set<string>>)[SAID] ??= new Set<string>());

/** One line on stderr (a process warning), once per process. */
export function warnOnce(text: string): void {
  if (said.has(text)) return;
  said.add(text);
  process.emitWarning(text, 'JestK8sPlacementWarning');
}

/** Why `dir` cannot hold this user's private files, or undefined when it can. */
function untrusted(dir: string): string | undefined {
  const s = fs.lstatSync(dir);
  if (s.isSymbolicLink()) return 'it is a symlink';
  if (!s.isDirectory()) return 'it is not a directory';
  const uid = me();
  if (uid === undefined) return undefined;
  if (s.uid !== uid) return `it belongs to uid ${s.uid}, not to you (uid ${uid})`;
  // read bits only show the entries' names (hashes): the entries themselves are 0600
  if (s.mode & 0o022) return `others can write to it (mode ${(s.mode & 0o7777).toString(8)})`;
  return undefined;
}

/** A directory checked: its path when it can be used, else why not and whether it exists but is refused. */
export interface Checked {
  dir?: string;
  why?: string;
  /** It exists and is not this user's alone (rather than: it cannot be made). */
  refused?: boolean;
}
const trusted = new Map<string, Checked>();

/**
 * `root` and the directories `below` it, made 0700 where missing, when each is a real directory (not a symlink) of
 * this user that no one else can write; else why not. Checked once per process and directory. The parents of `root`
 * are not checked: `root` is the default one under the temp directory, or one the user named.
 */
export function privateDirectory(root: string, ...below: string[]): Checked {
  const key = [root, ...below].join('\0');
  const known = trusted.get(key);
  if (known) return known;
  let dir = path.resolve(root);
  let result: Checked = {};
  try {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    for (const name of ['', ...below]) {
      dir = path.join(dir, name);
      try {
        fs.mkdirSync(dir, { mode: 0o700 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const why = untrusted(dir);
      if (why) {
        result = { why: `${dir}: ${why}`, refused: true };
        break;
      }
    }
    if (!result.why) result = { dir };
  } catch (e) {
    result = { why: `${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  trusted.set(key, result);
  return result;
}

/** For tests: check the directories again (they were changed under this process). */
export function forgetDirectories(): void {
  trusted.clear();
}

// An entry is a header line and the body: `jest-k8s-placement-cache <format> <key> <sha256 of the body> <bytes>`, the
// byte count 16 digits wide, so that the header has one length and an entry can be written before its body is known
// whole (writeEntryParts).
const MAGIC = 'jest-k8s-placement-cache';
const FORMAT = 2;
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

const headerOf = (key: string, sha256: string, bytes: number) => `${MAGIC} ${FORMAT} ${key} ${sha256} ${String(bytes).padStart(16, '0')}\n`;

/** The header of a body: a Buffer (read back), or a string (hashed and measured as UTF-8 without a Buffer of it). */
const header = (key: string, body: Buffer | string) =>
  headerOf(key, createHash('sha256').update(body).digest('hex'), typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length);

/** The bytes of an entry of `body` under `key` (what writeEntry stores; tests forge entries with it). */
export function sealEntry(key: string, body: string): Buffer {
  return Buffer.from(header(key, body) + body, 'utf8');
}

/**
 * The body of the entry `file` under `key`, when it is a regular file of this user (a symlink is not opened) whose
 * header names this format and key, and whose body has the length and SHA-256 the header gives: a truncated,
 * foreign or planted entry is ignored, never loaded.
 */
export function readEntry(file: string, key: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | NO_FOLLOW);
  } catch {
    return undefined; // missing, or a symlink
  }
  try {
    const s = fs.fstatSync(fd);
    const uid = me();
    if (!s.isFile() || (uid !== undefined && s.uid !== uid)) return undefined;
    const bytes = fs.readFileSync(fd);
    const end = bytes.indexOf(10);
    if (end < 0) return undefined;
    const body = bytes.subarray(end + 1);
    return bytes.toString('latin1', 0, end + 1) === header(key, body) ? body.toString('utf8') : undefined;
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** A name no one can guess beside `target`, for a file created exclusively and then renamed to `target`. */
const tempBeside = (target: string) => path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(8).toString('hex')}.tmp`);

/** Write `data` (its parts in order) to a new file created exclusively (never through a planted symlink) and return its name. */
function writeExclusive(target: string, data: string | readonly string[], mode: number): string {
  return writeNew(target, mode, (fd) => {
    // a string written as it is (fs.writeSync converts it outside the JS heap; writeFileSync would make a Buffer of it)
    for (const part of typeof data === 'string' ? [data] : data) {
      const written = fs.writeSync(fd, part);
      // a short write (a full disk): the rest as bytes, which writeFileSync writes on or fails with the disk's error
      if (written < Buffer.byteLength(part)) fs.writeFileSync(fd, Buffer.from(part).subarray(written));
    }
  });
}

/** A new file created exclusively beside `target`, filled by `fill(fd)`; its name. Removed again when filling throws. */
function writeNew(target: string, mode: number, fill: (fd: number) => void): string {
  const temp = tempBeside(target);
  const fd = fs.openSync(temp, 'wx', mode);
  try {
    fill(fd);
  } catch (e) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw e;
  }
  fs.closeSync(fd);
  return temp;
}

/** Write `length` bytes of `bytes` at the file's position, on through short writes (a full disk throws). */
function writeAll(fd: number, bytes: Buffer, length: number): void {
  for (let done = 0; done < length; ) done += fs.writeSync(fd, bytes, done, length - done);
}

/**
 * Store `body` as the entry `file` under `key`: a temporary file created exclusively (0600, a random name) in the
 * same directory, renamed over `file`. Never throws: a cache that cannot store (a full disk, a read-only or
 * vanished directory) says so once and the caller goes on with its value. Returns whether it was stored.
 */
export function writeEntry(file: string, key: string, body: string): boolean {
  return store(file, () => writeExclusive(file, [header(key, body), body], 0o600));
}

/**
 * writeEntry for a large body given in parts: `produce(add)` calls `add(text)` with them in order. Each part goes
 * through one reused buffer to the hash and the file, so a body of 100 MB is never one string nor a Buffer of its
 * own (its copies, and the external memory that makes V8 collect the whole heap, cost more than making it); the
 * header, of one length whatever the body, is written last in the place left for it.
 */
export function writeEntryParts(file: string, key: string, produce: (add: (text: string) => void) => void): boolean {
  return store(file, () => writeNew(file, 0o600, (fd) => {
    const placeholder = headerOf(key, '0'.repeat(64), 0);
    fs.writeSync(fd, placeholder);
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(PART_BYTES);
    let used = 0;
    let bytes = 0;
    const flush = (from: Buffer, length: number) => {
      hash.update(from.subarray(0, length));
      writeAll(fd, from, length);
      bytes += length;
    };
    produce((text) => {
      // a UTF-16 code unit is at most 3 bytes of UTF-8
      if (used + 3 * text.length > buffer.length) {
        flush(buffer, used);
        used = 0;
      }
      if (3 * text.length > buffer.length) {
        const own = Buffer.from(text, 'utf8');
        flush(own, own.length);
      } else used += buffer.write(text, used, 'utf8');
    });
    flush(buffer, used);
    fs.writeSync(fd, headerOf(key, hash.digest('hex'), bytes), 0);
  }));
}

/** The buffer writeEntryParts converts its parts in. */
const PART_BYTES = 1 << 20;

/** Rename the entry `write()` made over `file`; false, with one warning, when that fails (the temporary file removed). */
function store(file: string, write: () => string): boolean {
  let temp: string | undefined;
  try {
    temp = write();
    fs.renameSync(temp, file);
    return true;
  } catch (e) {
    if (temp) fs.rmSync(temp, { force: true });
    warnOnce(`jest-k8s-placement: cannot store a cache entry in ${path.dirname(file)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); going on without storing it`);
    return false;
  }
}

/**
 * Replace each file with its text, all or none: every text goes to a temporary file created exclusively beside its
 * file, then each is renamed over its file. A symlink at a file's name is replaced, not followed (its target is left
 * as it was); an error (a full disk) removes the temporary files and leaves the old files whole, and is thrown.
 */
export function replaceFiles(files: ReadonlyArray<{ file: string; text: string }>): void {
  const temps: string[] = [];
  try {
    for (const { file, text } of files) temps.push(writeExclusive(file, text, 0o666));
    files.forEach(({ file }, i) => fs.renameSync(temps[i], file));
  } catch (e) {
    for (const t of temps) fs.rmSync(t, { force: true });
    throw e;
  }
}
