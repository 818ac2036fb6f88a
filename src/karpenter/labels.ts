// Karpenter's label vocabulary: pkg/apis/v1/labels.go (kubernetes-sigs/karpenter @ v1.14.0-20-g226646810),
// plus what the AWS provider adds (aws/karpenter-provider-aws pkg/apis/v1/labels.go init()).

export const NODEPOOL_LABEL = 'karpenter.sh/nodepool';
export const CAPACITY_TYPE_LABEL = 'karpenter.sh/capacity-type';
export const REGISTERED_LABEL = 'karpenter.sh/registered';
export const INITIALIZED_LABEL = 'karpenter.sh/initialized';
export const ZONE = 'topology.kubernetes.io/zone';
export const REGION = 'topology.kubernetes.io/region';
export const INSTANCE_TYPE = 'node.kubernetes.io/instance-type';
export const ARCH = 'kubernetes.io/arch';
export const OS = 'kubernetes.io/os';
export const WINDOWS_BUILD = 'node.kubernetes.io/windows-build';
export const HOSTNAME = 'kubernetes.io/hostname';

/** WellKnownLabels (core): a pod may constrain them even where a pool does not; instance types decide. */
export const CORE_WELL_KNOWN = [NODEPOOL_LABEL, ZONE, REGION, INSTANCE_TYPE, ARCH, OS, CAPACITY_TYPE_LABEL, WINDOWS_BUILD];

/** The AWS provider's additions to WellKnownLabels, and its restricted domain. */
export const AWS_GROUP = 'karpenter.k8s.aws';
export const AWS_WELL_KNOWN = [
  'capacity-reservation-id', 'capacity-reservation-type', 'instance-hypervisor', 'instance-encryption-in-transit-supported',
  'instance-category', 'instance-family', 'instance-generation', 'instance-size', 'instance-local-nvme', 'instance-cpu',
  'instance-cpu-manufacturer', 'instance-cpu-sustained-clock-speed-mhz', 'instance-memory', 'instance-ebs-bandwidth',
  'instance-network-bandwidth', 'instance-gpu-name', 'instance-gpu-manufacturer', 'instance-gpu-count', 'instance-gpu-memory',
  'instance-accelerator-name', 'instance-accelerator-manufacturer', 'instance-accelerator-count',
].map((k) => `${AWS_GROUP}/${k}`).concat('topology.k8s.aws/zone-id');

/** Keys every instance type defines (so a pod's DoesNotExist on them leaves no instance type). */
export const INSTANCE_TYPE_KEYS = [ZONE, REGION, INSTANCE_TYPE, ARCH, OS, CAPACITY_TYPE_LABEL];

/** NormalizedLabels: beta aliases become the stable keys whenever a requirement is built. */
export const NORMALIZED: Record<string, string> = {
  'failure-domain.beta.kubernetes.io/zone': ZONE,
  'beta.kubernetes.io/arch': ARCH,
  'beta.kubernetes.io/os': OS,
  'beta.kubernetes.io/instance-type': INSTANCE_TYPE,
  'failure-domain.beta.kubernetes.io/region': REGION,
};

export const normalizeKey = (key: string) => NORMALIZED[key] ?? key;

/** WellKnownValuesForRequirements. */
export const CAPACITY_TYPES = ['on-demand', 'reserved', 'spot'];

/** Which provider's vocabulary applies: the AWS one when the pool's nodeClassRef names the AWS group. */
export interface Vocabulary {
  wellKnown: Set<string>;
  restrictedDomains: string[];
}

export function vocabulary(nodeClassGroup: string | undefined): Vocabulary {
  const aws = nodeClassGroup === AWS_GROUP;
  return {
    wellKnown: new Set(aws ? [...CORE_WELL_KNOWN, ...AWS_WELL_KNOWN] : CORE_WELL_KNOWN),
    restrictedDomains: aws ? ['karpenter.sh', AWS_GROUP] : ['karpenter.sh'],
  };
}

const domainOf = (key: string) => (key.includes('/') ? key.slice(0, key.indexOf('/')) : '');

/** IsRestrictedLabel (v1.9.0+): well-known allowed; karpenter.sh (and subdomains, and the provider's domain) restricted; hostname restricted. */
export function restrictedLabelError(key: string, vocab: Vocabulary): string | undefined {
  if (vocab.wellKnown.has(key)) return undefined;
  const domain = domainOf(key);
  const restricted = vocab.restrictedDomains.some((d) => domain === d || domain.endsWith(`.${d}`)) || key === HOSTNAME;
  if (!restricted) return undefined;
  return `using label ${key} is not allowed as it might interfere with the internal provisioning logic; specify a well known label: [${[...vocab.wellKnown].sort().join(' ')}], or a custom label that does not use a restricted domain: [${[...vocab.restrictedDomains].sort().join(' ')}]`;
}
