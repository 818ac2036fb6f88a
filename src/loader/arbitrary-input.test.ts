// Property: the loader, given arbitrary strings or bytes, or arbitrary mutations of real manifests (the
// example platform's YAML files as seeds), either returns objects (each with an origin: file and line >= 1)
// or throws a ManifestError whose problems each name the file and a line >= 1 (0 only for file-level
// problems, which carry no field) — never another exception, never a hang (inputs are bounded; Jest's
// timeout would catch a hang).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { globSync } from 'glob';
import { loadManifests, ManifestError, origin, parseManifests, type Manifests } from '.';

const SEEDS = globSync('examples/platform/**/*.yaml', { cwd: path.join(__dirname, '../..'), absolute: true })
  .sort()
  .map((f) => readFileSync(f, 'utf8'));

/** One edit of a manifest's lines. */
const mutation = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }),
  fc.record({ op: fc.constant('indent' as const), at: fc.nat(), by: fc.integer({ min: -4, max: 4 }), tab: fc.boolean() }),
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.nat(),
    column: fc.nat(),
    text: fc.oneof(
      fc.constantFrom('{{ .Values.image }}', '{{- if .Values.x }}', '{{ end }}', '\uFEFF', '\r', '\r\n', '---', '\n---\n', ':', '- ', '"', "'", '&a ', '*a', '<<: *a', '!!binary ', '#', '[', '{', '}', '\t', 'null', 'yes', '0644', '1e3', '~', '%YAML 1.2\n', '? '),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    ),
  }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(seed: string, edits: Mutation[]): string {
  const lines = seed.split('\n');
  for (const edit of edits) {
    if (lines.length === 0) lines.push('');
    const i = edit.at % lines.length;
    switch (edit.op) {
      case 'delete':
        lines.splice(i, 1);
        break;
      case 'duplicate':
        lines.splice(i, 0, lines[i]);
        break;
      case 'swap': {
        const j = edit.with % lines.length;
        [lines[i], lines[j]] = [lines[j], lines[i]];
        break;
      }
      case 'indent':
        lines[i] = edit.by >= 0 ? (edit.tab ? '\t' : ' ').repeat(edit.by) + lines[i] : lines[i].replace(new RegExp(`^ {0,${-edit.by}}`), '');
        break;
      case 'insert': {
        const c = edit.column % (lines[i].length + 1);
        lines[i] = lines[i].slice(0, c) + edit.text + lines[i].slice(c);
        break;
      }
    }
  }
  return lines.join('\n');
}

const mutated = fc
  .tuple(fc.constantFrom(...SEEDS), fc.array(mutation, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([seed, edits, eol, bom]) => (bom ? '\uFEFF' : '') + mutate(seed, edits).replace(/\n/g, eol));

/** Returns objects with origins, or throws a ManifestError whose problems name the file and a line. */
function checkOutcome(run: () => Manifests, file: string, text?: string): 'loaded' | 'refused' {
  // a line past the end of the text names no line at all
  const lastLine = text === undefined ? Infinity : text.split(/\r\n|\r|\n/).length;
  let loaded: Manifests;
  try {
    loaded = run();
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error; // any other exception fails the property
    expect(error.problems.length).toBeGreaterThan(0);
    for (const p of error.problems) {
      expect(p.file).toBe(file);
      expect(Number.isInteger(p.line)).toBe(true);
      if (p.line === 0) expect({ field: p.field, column: p.column }).toEqual({ field: undefined, column: undefined });
      else {
        expect(p.line).toBeGreaterThanOrEqual(1);
        expect(p.line).toBeLessThanOrEqual(lastLine);
        // a field problem points at that field: its line holds the field's last key, or (a block value
        // starting below its key) one of the few lines just above it does
        const key = p.field?.match(/(?:^|\.)([^.[\]]+)$/)?.[1];
        if (key && text !== undefined) {
          const near = text.split(/\r\n|\r|\n/).slice(Math.max(0, p.line - 4), p.line);
          expect({ near, key }).toEqual({ near: expect.arrayContaining([expect.stringContaining(key)]), key });
        }
      }
      expect(typeof p.message).toBe('string');
      expect(p.message.length).toBeGreaterThan(0);
    }
    return 'refused';
  }
  for (const o of loaded) {
    const where = origin(o);
    expect(where?.file).toBe(file);
    expect(where!.line).toBeGreaterThanOrEqual(1);
    expect(where!.line).toBeLessThanOrEqual(lastLine);
  }
  return 'loaded';
}

// Each property takes 1–2 s here, more on a loaded shared runner: a hang is still caught, a busy machine is not a failure.
const PROPERTY_TIMEOUT_MS = 60_000;

describe('the loader never fails with anything but a ManifestError naming file and line', () => {
  test('the seeds themselves load', () => {
    expect(SEEDS.length).toBeGreaterThanOrEqual(5);
    for (const seed of SEEDS) expect(parseManifests(seed, 'seed.yaml').length).toBeGreaterThan(0);
  });

  test('parseManifests on mutated real manifests', () => {
    const seen = new Set<string>();
    fc.assert(fc.property(mutated, (text) => void seen.add(checkOutcome(() => parseManifests(text, 'fuzz.yaml'), 'fuzz.yaml', text))), { numRuns: 250 });
    expect([...seen].sort()).toEqual(['loaded', 'refused']);
  }, PROPERTY_TIMEOUT_MS);

  test('parseManifests on arbitrary strings', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: fc.constantFrom(...'kind: v1\napiVersion-{}[]"\'#&*!|>%@`\t\r\uFEFF'), maxLength: 200 }),
    );
    fc.assert(fc.property(text, (t) => void checkOutcome(() => parseManifests(t, 'fuzz.yaml'), 'fuzz.yaml', t)), { numRuns: 300 });
  }, PROPERTY_TIMEOUT_MS);

  describe('loadManifests on a file of random bytes or a mutated manifest (UTF-8 or UTF-16)', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'placement-fuzz-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 600 }),
      mutated.map((t) => new Uint8Array(Buffer.from(t, 'utf8'))),
      mutated.map((t) => new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]))),
      mutated.map((t) => new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, 'utf16le').swap16()]))),
      fc.uint8Array({ maxLength: 300 }).map((b) => new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), b]))),
    );

    test('returns objects or throws a ManifestError', () => {
      fc.assert(
        fc.property(bytes, (content) => {
          writeFileSync(path.join(dir, 'fuzz.yaml'), content);
          void checkOutcome(() => loadManifests('fuzz.yaml', { cwd: dir }), 'fuzz.yaml');
        }),
        { numRuns: 150 },
      );
    }, PROPERTY_TIMEOUT_MS);
  });
});
