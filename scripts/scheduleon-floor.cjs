// The floor under scheduleOn's figure in bench-matrix.mjs: a stand-in "library" for ../shared/perf/jkp-matrix.js
// whose scheduleOn does no scheduling at all. configure() (outside jkp-matrix's timed span) works out every verdict
// with the real package's scheduleMatrix; scheduleOn then only builds an answer of the real one's shape — a frozen
// verdict shared per feasible node, and per rejected node `{ node, feasible: false, status }` with its own status
// object (plugin, code, reasons and two private fields, as the package's AlikeStatus, which details need). What
// jkp-matrix.js measures with it is what answering in that shape costs, plus its own loop reading the answers: no
// scheduleOn keeping the shape can be faster.
//
//   JKP_DIST=dist/index.js node ../shared/perf/jkp-matrix.js scripts/scheduleon-floor.cjs input.json -admit -condition-taints on
'use strict';
const path = require('node:path');

const lib = require(path.resolve(process.env.JKP_DIST ?? path.join(__dirname, '..', 'dist', 'index.js')));
const RELEASE = process.env.JKP_RELEASE ?? '1.35';
const input = JSON.parse(require('node:fs').readFileSync(process.argv[3], 'utf8'));

class Status {
  plugin;
  code;
  reasons;
  #row;
  #j;
  constructor(plugin, reasons, row, j) {
    this.plugin = plugin;
    this.code = 'Unschedulable';
    this.reasons = reasons;
    this.#row = row;
    this.#j = j;
  }
  get details() {
    return [`${this.#row}/${this.#j}`];
  }
}

let matrix;
let next; // jkp-matrix.js asks about its own parse of the pods, in file order
let passes;
let names;
const reasonsOf = new Map();

function configure(options) {
  lib.configure({ kubernetesVersion: RELEASE, ...options });
  matrix = lib.scheduleMatrix(input.pods, input.nodes);
  next = 0;
  names = input.nodes.map((n) => n.metadata.name);
  passes = names.map((node) => Object.freeze({ node, feasible: true }));
}

function rejectedVerdict(node, status) {
  const v = {};
  v.node = node;
  v.feasible = false;
  v.status = status;
  return v;
}

function scheduleOn(pod, nodes) {
  const row = next++;
  if (pod.metadata?.name !== input.pods[row].metadata?.name) throw new Error(`scheduleon-floor: pod ${row} asked out of order`);
  const N = nodes.length;
  const { codes, plugins } = matrix;
  let count = 0;
  for (let j = row * N; j < (row + 1) * N; j++) if (codes[j] === 0) count++;
  const feasible = new Array(count);
  const rejected = new Array(N - count);
  let f = 0, r = 0;
  for (let j = 0; j < N; j++) {
    const c = codes[row * N + j];
    if (c === 0) feasible[f++] = passes[j];
    else {
      const plugin = plugins[c];
      let reasons = reasonsOf.get(plugin);
      if (!reasons) reasonsOf.set(plugin, (reasons = [`rejected by ${plugin}`]));
      rejected[r++] = rejectedVerdict(names[j], new Status(plugin, reasons, row, j));
    }
  }
  return count ? { feasible, rejected } : { feasible, rejected, fitError: `0/${N} nodes are available` };
}

module.exports = { configure, resetConfiguration: lib.resetConfiguration, scheduleOn, validate: lib.validate };
