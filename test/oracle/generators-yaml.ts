// fast-check generators for the YAML oracle: one document, a ConfigMap-like object whose `data` is a random tree
// written with the YAML forms Kubernetes users meet and go-yaml v2 reads its own way: YAML 1.1 booleans (yes/no/on),
// ints (0x1f, 010 octal, 0b101, 1_000), floats (1e3, .inf, .NaN), null forms (~, null, empty), timestamps, sexagesimal
// look-alikes (1:20), quoted and block scalars, explicit and unknown tags, anchors, aliases and merge keys (<<),
// flow collections, non-string keys and duplicate keys.
import fc from 'fast-check';

const PLAIN = [
  'yes', 'no', 'on', 'off', 'y', 'n', 'Yes', 'NO', 'On', 'true', 'False', 'TRUE', 'null', 'Null', '~', '0x1f', '0X1F',
  '0o17', '010', '08', '0777', '0b101', '1e3', '1E3', '1.5', '.5', '5.', '1e-7', '.inf', '-.inf', '+.inf', '.NaN', '.nan',
  '+1', '-0', '0.0', '1_000', '12:30', '1:20', '2024-01-01', '2001-12-14t21:59:43.10-05:00', '0.1', '9223372036854775807',
  '9223372036854775808', '18446744073709551616', '-9223372036854775809', 'abc', 'a b', 'foo:bar', '-', 'web', '100m', '1Gi',
  '3.14159265358979', '1.23456789', '1e400', '0x', '+', '.', 'x#y', '=',
];
const QUOTED = ['"yes"', "'010'", '"a\\tb"', "'it''s'", '""', "''", '"\\u00e9"', '"1e3"', '"multi\\nline"'];
const TAGGED = ['!!str 010', '!!str yes', '!!int "7"', '!!float 1', '!!bool yes', '!custom x', '!!binary aGVsbG8=', '!!null ""', '!!int 0x10', '!!float "1e3"', '!Ref name', '!!timestamp 2001-12-14'];
const KEYS = ['a', 'b', 'c', 'yes', 'on', '1', '0x10', '010', 'null', '~', '"quoted"', "'a'", 'true', '2024-01-01', '-1'];
// float keys rare: Go writes them at 32-bit precision (`1.23456789` becomes "1.2345679"), the known yaml-float-key-text
const keyArb = fc.oneof({ weight: 60, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.constantFrom('1.5', '1e3', '1.23456789') });

type Node =
  | { t: 'scalar'; text: string }
  | { t: 'block'; style: '|' | '|-' | '>' | '>-' | '|+'; lines: string[] }
  | { t: 'map'; entries: Array<[string, Node]>; flow: boolean }
  | { t: 'seq'; items: Node[]; flow: boolean }
  | { t: 'alias'; name: string }
  | { t: 'anchor'; name: string; node: Node };

const scalar: fc.Arbitrary<Node> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PLAIN) },
  { weight: 2, arbitrary: fc.constantFrom(...QUOTED) },
  { weight: 2, arbitrary: fc.constantFrom(...TAGGED) },
).map((text) => ({ t: 'scalar', text }));
const block: fc.Arbitrary<Node> = fc.record({
  style: fc.constantFrom('|' as const, '|-' as const, '>' as const, '>-' as const, '|+' as const),
  lines: fc.array(fc.constantFrom('line one', 'yes', '010', '  indented', '', 'a: b'), { minLength: 1, maxLength: 3 }),
}).map(({ style, lines }) => ({ t: 'block', style, lines: lines[0].startsWith(' ') ? ['first', ...lines] : lines }));

const { tree } = fc.letrec<{ tree: Node; map: Node; seq: Node }>((tie) => ({
  tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, scalar, block, tie('map'), tie('seq')),
  map: fc.record({ entries: fc.array(fc.tuple(keyArb, tie('tree')), { maxLength: 3 }), flow: fc.boolean() })
    .map(({ entries, flow }) => ({ t: 'map', entries, flow })),
  seq: fc.record({ items: fc.array(tie('tree'), { maxLength: 3 }), flow: fc.boolean() }).map(({ items, flow }) => ({ t: 'seq', items, flow })),
}));

/** Flow collections hold only flow content: block scalars and block collections inside become flow or plain. */
function flowText(n: Node): string {
  switch (n.t) {
    case 'scalar': return n.text;
    case 'block': return JSON.stringify(n.lines.join('\n'));
    case 'map': return `{${n.entries.map(([k, v]) => `${k}: ${flowText(v)}`).join(', ')}}`;
    case 'seq': return `[${n.items.map(flowText).join(', ')}]`;
    case 'alias': return `*${n.name}`;
    case 'anchor': return `&${n.name} ${flowText(n.node)}`;
  }
}

/** The text after `key:` or `- ` at `indent` (the column of the key): inline, or a newline and a nested block. */
function valueText(n: Node, indent: number): string {
  const pad = ' '.repeat(indent + 2);
  switch (n.t) {
    case 'scalar': return ` ${n.text}`;
    case 'alias': return ` *${n.name}`;
    case 'anchor': {
      const inner = n.node.t === 'map' || n.node.t === 'seq' ? valueText({ ...n.node, flow: true }, indent) : valueText(n.node, indent);
      return ` &${n.name}${inner}`;
    }
    case 'block': return ` ${n.style}\n${n.lines.map((l) => (l ? pad + l : '')).join('\n')}`;
    case 'map':
      if (n.flow || !n.entries.length) return ` ${flowText(n)}`;
      return `\n${n.entries.map(([k, v]) => `${pad}${k}:${valueText(v, indent + 2)}`).join('\n')}`;
    case 'seq':
      if (n.flow || !n.items.length) return ` ${flowText(n)}`;
      return `\n${n.items.map((v) => `${pad}-${seqItem(v, indent + 2)}`).join('\n')}`;
  }
}

/** An item after `- `: a block mapping continues on the dash's line, indented past it. */
function seqItem(n: Node, indent: number): string {
  if (n.t === 'map' && !n.flow && n.entries.length) {
    const pad = ' '.repeat(indent + 2);
    return n.entries.map(([k, v], i) => `${i ? pad : ' '}${k}:${valueText(v, indent + 2)}`).join('\n');
  }
  return valueText(n, indent);
}

// Anchored bases that later entries alias or merge (`<<: *base`, `<<: [*base, *other]`).
const base = fc.record({ entries: fc.array(fc.tuple(fc.constantFrom('x', 'y', 'a', 'yes'), scalar), { minLength: 1, maxLength: 2 }), flow: fc.boolean() })
  .map(({ entries, flow }): Node => ({ t: 'map', entries, flow }));
const merged = fc.record({
  merge: fc.constantFrom('*base', '[*base, *other]', '*s', '[*base]'),
  entries: fc.array(fc.tuple(fc.constantFrom('x', 'z', 'a', '<<'), scalar), { maxLength: 2 }),
}).map(({ merge, entries }): Node => ({ t: 'map', flow: false, entries: [['<<', { t: 'scalar', text: merge }], ...entries] }));

const data = fc.record({
  withBase: fc.boolean(),
  entries: fc.array(fc.tuple(keyArb, fc.oneof({ weight: 4, arbitrary: tree }, { weight: 1, arbitrary: merged },
    { weight: 1, arbitrary: fc.constantFrom<Node>({ t: 'alias', name: 'base' }, { t: 'alias', name: 's' }, { t: 'alias', name: 'undefined' }) })), { maxLength: 4 }),
  base,
  other: base,
  s: scalar,
}).map(({ withBase, entries, base: b, other, s }): Node => ({
  t: 'map',
  flow: false,
  entries: [
    ...(withBase ? [['base', { t: 'anchor', name: 'base', node: b }], ['other', { t: 'anchor', name: 'other', node: other }], ['s', { t: 'anchor', name: 's', node: s }]] as Array<[string, Node]> : []),
    ...entries,
  ],
}));

export const yamlDocumentArb: fc.Arbitrary<string> = fc.record({
  data,
  start: fc.constantFrom('', '', '---\n', '# comment\n', '%YAML 1.1\n---\n'),
  end: fc.constantFrom('\n', '\n', '', '\n...\n', '\n# trailing\n'),
}).map(({ data: d, start, end }) => `${start}apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:${valueText(d, 0)}${end}`);
