// pkg/scheduler/framework/plugins/nodevolumelimits/csi.go
/** @upstream pkg/scheduler/framework/plugins/nodevolumelimits/csi.go */
export const ErrReasonMaxVolumeCountExceeded = 'node(s) exceed max volume count';

/**
 * csi.go Filter with VolumeLimitScaling (alpha in v1.35, beta and on by default in v1.37): fmt.Sprintf's format,
 * `%s` the driver's name.
 * @upstream pkg/scheduler/framework/plugins/nodevolumelimits/csi.go
 */
export const ErrReasonDriverNotInstalledFormat = '%s CSI driver is not installed on the node';
export const driverNotInstalled = (driver: string) => ErrReasonDriverNotInstalledFormat.replace('%s', driver);

/** csi.go filterAttachableVolumes: the incoming pod's claim is missing (the lister's NotFound error wrapped). */
export const claimNotFound = (namespace: string, name: string) => `looking up PVC ${namespace}/${name}: persistentvolumeclaim "${name}" not found`;

/**
 * component-helpers storage/ephemeral/ephemeral.go VolumeIsForPod: a generic ephemeral volume's claim is not
 * controlled by the pod.
 */
export const notOwner = (claimNamespace: string, claim: string, podNamespace: string, pod: string) =>
  `PVC ${claimNamespace}/${claim} was not created for pod ${podNamespace}/${pod} (pod is not owner)`;
