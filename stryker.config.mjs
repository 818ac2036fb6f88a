// Mutation testing of the engine with StrykerJS 9.6.1 (10.x needs Node >= 22); not part of `npm test` or CI.
// `npm run mutation` runs scripts/mutation.mjs: the scope in chunks (MUTATION_CHUNK selects one), each resumable
// through its own incremental file, then one merged score. Not 9.5.1: its Vitest setup file read no per-test coverage
// from Vitest 4.1 (afterAll's arguments changed), so every mutant ran every test and incremental runs reused every
// old result. With coverage a chunk of ~1,400 mutants takes about 16 min on 2 busy cores.
const chunk = process.env.MUTATION_CHUNK ?? 'mutation';

// The scope: the engine (CONTRIBUTING.md, "Mutation testing"). A folder ends with '/'.
export const scope = ['src/k8s/', 'src/scheduler/', 'src/admission/', 'src/controllers/taint-eviction.ts', 'src/loader/typecheck.ts'];

// The chunks partition the scope: each file is in exactly one (test/mutation-config.test.ts checks it).
export const chunks = {
  'validation-pod': ['src/k8s/validation-pod.ts', 'src/k8s/validation-handlers.ts', 'src/k8s/validation-pod-fields.ts', 'src/k8s/validation-security.ts', 'src/k8s/validation-annotations.ts'],
  // (in three: as one chunk of 2,846 mutants, once the tests grew past ~7,900, its dry run ran the Vitest worker out of
  // its 8 GB)
  validation: ['src/k8s/validation.ts', 'src/k8s/validation-{meta,cron,field,ip,claim,env}.ts', 'src/k8s/go-{decode,json}.ts'],
  'validation-workloads': ['src/k8s/validation-workloads.ts', 'src/k8s/validation-job.ts', 'src/k8s/validation-pdb.ts', 'src/k8s/time-zones.ts'],
  'validation-volumes': ['src/k8s/validation-volumes.ts'],
  // PersistentVolumes (create and update of itself)
  'validation-pv': ['src/k8s/validation-pv.ts', 'src/k8s/validation-pv-sources.ts'],
  // StorageClasses, CSINodes, CSIDrivers, RuntimeClasses
  'validation-storage': ['src/k8s/validation-storage.ts'],
  cluster: ['src/scheduler/plugins/{podtopologyspread,interpodaffinity}/*.ts', 'src/scheduler/score-cluster.ts'],
  // (resources.ts on its own: every test covers these files, and with it the dry run's per-test coverage of the
  // four files, 1,529 mutants, ran the Vitest worker out of its 8 GB)
  'k8s-values': ['src/k8s/{quantity,kubectl-taint,label-selector}.ts'],
  'k8s-resources': ['src/k8s/resources.ts'],
  'k8s-objects': ['src/k8s/{decode,defaults,kubelet-version,nodepool,edit-distance,subject,node-helpers,platform,cloud,not-modelled}.ts'],
  // the scheduler in three (~1,100 mutants each, ~30 min on 2 busy cores), so that each run finishes and persists
  'scheduler-framework': ['src/scheduler/{framework,index,cycle,score,passes,profile,plugin-args}.ts'],
  // (split in two, and admission below: with per-test coverage, the dry run of a chunk that every test covers holds
  // a map per test of the mutants it covers, and past about 2,000 such mutants the Vitest worker ran out of 8 GB)
  'scheduler-snapshot': ['src/scheduler/{snapshot,prepared,storage,storage-model}.ts'],
  'scheduler-matrix': ['src/scheduler/{matrix,matrix-shapes}.ts'],
  // the default profile's other plugins in three: in one chunk (1,781 mutants, covered by nearly every test) the dry
  // run's per-test coverage ran the Vitest worker out of its 8 GB
  'scheduler-plugins': ['src/scheduler/plugins/{nodeunschedulable,nodename,nodeports,schedulinggates,imagelocality,nodedeclaredfeatures}/*.ts'],
  'scheduler-filters': ['src/scheduler/plugins/{tainttoleration,nodeaffinity}/*.ts'],
  'scheduler-resources': ['src/scheduler/plugins/noderesources/*.ts'],
  // issue 36: the KubeSchedulerConfiguration (decoding, defaults, validation, profiles)
  'scheduler-config': ['src/scheduler/config/*.ts'],
  // issue 34: the volume plugins and the storage rules they share
  volumes: ['src/k8s/{storage,csi-translation}.ts', 'src/scheduler/plugins/{volumebinding,volumezone,volumerestrictions,nodevolumelimits}/*.ts'],
  // issue 35: DefaultPreemption, the PostFilter
  preemption: ['src/scheduler/plugins/{defaultpreemption,dynamicresources}/*.ts', 'src/scheduler/{postfilter,nominator,pod-priority}.ts'],
  admission: ['src/admission/{create,index,daemonset-tolerations,default-toleration-seconds,extended-resource-toleration,priority,runtime-class,scheduling-gated}.ts', 'src/k8s/node-condition-taints.ts', 'src/k8s/priority.ts', 'src/controllers/taint-eviction.ts'],
  // issue 36: LimitRanger and ResourceQuota, and the storage admission (and a StatefulSet's claims refused on create)
  'namespace-policy': ['src/admission/{limit-ranger,resource-quota,pod-storage,pod-claims,storage,claims-refused}.ts', 'src/k8s/{limit-range,resource-quota}.ts'],
  selection: ['src/k8s/{names,node-selector,toleration}.ts', 'src/loader/typecheck.ts'],
  // issue 35: PodDisruptionBudgets' status and the Eviction API's decision
  disruption: ['src/k8s/disruption.ts'],
};

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The vitest runner keeps one Vitest per worker and reruns only the tests that cover a mutant; the jest runner
  // starts Jest again for each mutant.
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The engine's and the matchers' tests under Vitest, unisolated; see that config.
  vitest: { configFile: 'test/mutation/vitest.config.mts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [...(chunks[chunk] ?? Object.values(chunks).flat()), '!**/*.test.ts'],
  // Module-level mutants (reason tables, constants) need a full reload per mutant; they are reported as ignored.
  ignoreStatic: true,
  concurrency: 2,
  // The unisolated Vitest worker holds every test file's modules and the per-test coverage: the dry runs of the
  // larger chunks ran past Node's default heap (about 4 GB) and stopped. Two workers of 8 GB.
  testRunnerNodeArgs: ['--max-old-space-size=8192'],
  // Generous: a restarted worker's first run starts Vitest again (~4 s here); with 3 s every run after a timeout
  // timed out in turn, and timeouts count as detected.
  timeoutMS: 10000,
  // The dry run (every test once, with coverage) took over Stryker's 5-minute default on a loaded 2-core machine
  dryRunTimeoutMinutes: 60,
  incremental: true,
  incrementalFile: `reports/mutation/${chunk}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${chunk}.html` },
  jsonReporter: { fileName: `reports/mutation/${chunk}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 85, low: 70, break: null },
  // Not copied into the sandbox: the helm and kustomize binaries (`npm run tools`; the tests that run them skip
  // without them), a directory that a worktree links to rather than holds.
  ignorePatterns: ['/.tools'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
