// The documentation as pages (issue 33): the README stays short, every relative link between README.md, docs/ and
// CONTRIBUTING.md reaches a file (and its #anchor, as GitHub slugs headings), every code block is classified for the
// package test (scripts/doc-blocks.mjs), and package.json's version has its CHANGELOG.md entry.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The Markdown files checked: what scripts/doc-blocks.mjs runs the blocks of. */
function pages(): string[] {
  const walk = (dir: string): string[] => readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e: { name: string; isDirectory(): boolean }) => e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []);
  return ['README.md', 'CONTRIBUTING.md', ...walk('docs')];
}

/** Markdown without its fenced code blocks (a link inside a block is code, not a link). */
const prose = (text: string) => text.replace(/^```[^]*?^```$/gm, '');

/** GitHub's heading anchors: lower case, punctuation but `-` and `_` dropped, spaces to `-`, repeats numbered. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = m[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

describe('the docs as pages', () => {
  test('the README is at most 15 KB (details go to docs/)', () => {
    expect(statSync(path.join(root, 'README.md')).size).toBeLessThanOrEqual(15 * 1024);
  });

  test('the README keeps the two commands CI runs, verbatim', () => {
    expect(read('README.md')).toContain('npm ci && npm run examples   # runs the example placement specs in examples/\nnpm ci && npm test');
  });

  test('every relative link of README.md, CONTRIBUTING.md and docs/ reaches a file and its #anchor', () => {
    const broken: string[] = [];
    let count = 0;
    for (const page of pages()) {
      const text = read(page);
      for (const m of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        count++;
        const [file, anchor] = target.split('#');
        const resolved = file ? path.join(path.dirname(page), file) : page;
        if (!existsSync(path.join(root, resolved))) {
          broken.push(`${page}: ${target} (no ${resolved})`);
        } else if (anchor !== undefined && !(resolved.endsWith('.md') && anchors(read(resolved)).has(anchor))) {
          broken.push(`${page}: ${target} (no #${anchor} in ${resolved})`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(count).toBeGreaterThan(100);
  });

  test('the anchor rule is GitHub\'s', () => {
    expect([...anchors('# `toBeSchedulableOn`\n## What `toBeSchedulableOn` checks\n## Outages: when a node or a zone fails\n## A\n## A\n')])
      .toEqual(['tobeschedulableon', 'what-tobeschedulableon-checks', 'outages-when-a-node-or-a-zone-fails', 'a', 'a-1']);
  });

  test('every matcher has its reference page, linked from the README', () => {
    const matchers = read('src/matchers/types.ts').match(/^\s{2}to[A-Z]\w+(?=[(<])/gm)!.map((l) => l.trim());
    const names = [...new Set(matchers)].filter((n) => n !== 'toString');
    expect(names.length).toBeGreaterThanOrEqual(14);
    for (const name of names) {
      expect(existsSync(path.join(root, `docs/matchers/${name}.md`))).toBe(true);
      expect(read('README.md')).toContain(`](docs/matchers/${name}.md)`);
      expect(read(`docs/matchers/${name}.md`)).toMatch(/^## What it checks$[^]*^## Messages$[^]*^## Example$/m);
    }
  });

  test('every code block is a spec, a config, a command, text, or says why it does not run', () => {
    // scripts/doc-blocks.mjs is the package test's own module (ES): asked in a child Node, as the package test runs it
    const script = "import('./scripts/doc-blocks.mjs').then((m) => console.log(JSON.stringify(m.docBlocks().map(({ kind, file }) => ({ kind, file })))))";
    const blocks = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as Array<{ kind: string; file: string }>;
    const kinds = new Set(blocks.map((b) => b.kind));
    expect([...kinds].sort()).toEqual(['config', 'sh', 'skipped', 'spec', 'text']);
    // each matcher page's example is a spec the package test runs
    for (const file of pages().filter((p) => p.startsWith('docs/matchers/to'))) {
      expect(blocks.some((b) => b.file === file && b.kind === 'spec')).toBe(true);
    }
  });
});

describe('CHANGELOG.md', () => {
  const changelog = read('CHANGELOG.md');
  const version = (JSON.parse(read('package.json')) as { version: string }).version;

  test('is Keep a Changelog: an Unreleased section, then released versions with dates', () => {
    expect(changelog).toMatch(/^# Changelog\n[^]*keepachangelog\.com[^]*^## \[Unreleased\]$/m);
    for (const m of changelog.matchAll(/^## \[([^\]]+)\](.*)$/gm)) {
      if (m[1] !== 'Unreleased') expect(m[2]).toMatch(/^ - \d{4}-\d{2}-\d{2}$/);
    }
  });

  test('package.json\'s version has its entry (a bump without one fails)', () => {
    const released = changelog.includes(`\n## [${version}] - `);
    // 0.1.0 was never published: its changes are the Unreleased section until the first release moves them.
    expect(released || version === '0.1.0').toBe(true);
  });
});
