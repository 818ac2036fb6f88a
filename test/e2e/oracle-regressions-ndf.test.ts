// Regression cases of the NodeDeclaredFeatures Filter from the 1.37 oracle (oracle/k8s-1.37, k8s.io/kubernetes
// v1.37.2, binary stamped v1.37.2), with upstream's answers frozen verbatim so `npm test` keeps them without Go.
// The 20,000-case run (seed 5328) found no difference after the plugin was modelled; these are the corners it
// generates, asked of the oracle by hand: a node list read as sorted (component-helpers featureset.go
// FeatureMapper.TryMap: a known name after one that sorts later is missed), a pod needing two features, an init
// container's rule, the plugin's place after PodTopologySpread (default_plugins.go appends it), hostUsers true.
// Upstream: pkg/scheduler/framework/plugins/nodedeclaredfeatures/nodedeclaredfeatures.go PreFilter/Filter.
import { describe, expect, it } from '@jest/globals';
import { librarySchedule, type SchedulingOutput } from '../oracle/adapter';
import { compareScheduling } from '../oracle/compare';
import type { SchedulingInput } from '../oracle/generators';
import { withConfiguration } from '../oracle/lib';

const INPUTS: Record<string, SchedulingInput> = {
  "unsorted": {
    "pod": {
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {
        "name": "incoming",
        "namespace": "default",
        "labels": {
          "app": "web"
        }
      },
      "spec": {
        "containers": [
          {
            "name": "c",
            "image": "registry.example/app:1",
            "restartPolicy": "Never",
            "restartPolicyRules": [
              {
                "action": "RestartAllContainers",
                "exitCodes": {
                  "operator": "In",
                  "values": [
                    42
                  ]
                }
              }
            ]
          }
        ]
      }
    },
    "nodes": [
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n0",
          "labels": {
            "kubernetes.io/hostname": "n0",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          },
          "declaredFeatures": [
            "UserNamespacesHostNetworkSupport",
            "RestartAllContainersOnContainerExits"
          ]
        }
      },
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n1",
          "labels": {
            "kubernetes.io/hostname": "n1",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          },
          "declaredFeatures": [
            "RestartAllContainersOnContainerExits",
            "UserNamespacesHostNetworkSupport"
          ]
        }
      },
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n2",
          "labels": {
            "kubernetes.io/hostname": "n2",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          },
          "declaredFeatures": [
            "Zeta",
            "RestartAllContainersOnContainerExits"
          ]
        }
      }
    ],
    "pods": [],
    "namespaces": [
      {
        "apiVersion": "v1",
        "kind": "Namespace",
        "metadata": {
          "name": "default",
          "labels": {
            "kubernetes.io/metadata.name": "default"
          }
        }
      }
    ]
  },
  "both": {
    "pod": {
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {
        "name": "incoming",
        "namespace": "default",
        "labels": {
          "app": "web"
        }
      },
      "spec": {
        "containers": [
          {
            "name": "c",
            "image": "registry.example/app:1",
            "restartPolicy": "Never",
            "restartPolicyRules": [
              {
                "action": "RestartAllContainers",
                "exitCodes": {
                  "operator": "In",
                  "values": [
                    42
                  ]
                }
              }
            ]
          }
        ],
        "hostNetwork": true,
        "hostUsers": false
      }
    },
    "nodes": [
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n0",
          "labels": {
            "kubernetes.io/hostname": "n0",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          },
          "declaredFeatures": [
            "RestartAllContainersOnContainerExits"
          ]
        }
      },
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n1",
          "labels": {
            "kubernetes.io/hostname": "n1",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          },
          "declaredFeatures": [
            "RestartAllContainersOnContainerExits",
            "UserNamespacesHostNetworkSupport"
          ]
        }
      },
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n2",
          "labels": {
            "kubernetes.io/hostname": "n2",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          },
          "declaredFeatures": [
            "UserNamespacesHostNetworkSupport"
          ]
        }
      }
    ],
    "pods": [],
    "namespaces": [
      {
        "apiVersion": "v1",
        "kind": "Namespace",
        "metadata": {
          "name": "default",
          "labels": {
            "kubernetes.io/metadata.name": "default"
          }
        }
      }
    ]
  },
  "initOnly": {
    "pod": {
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {
        "name": "incoming",
        "namespace": "default",
        "labels": {
          "app": "web"
        }
      },
      "spec": {
        "containers": [
          {
            "name": "c",
            "image": "registry.example/app:1"
          }
        ],
        "initContainers": [
          {
            "name": "i",
            "image": "registry.example/app:1",
            "restartPolicy": "Never",
            "restartPolicyRules": [
              {
                "action": "RestartAllContainers",
                "exitCodes": {
                  "operator": "In",
                  "values": [
                    42
                  ]
                }
              }
            ]
          }
        ]
      }
    },
    "nodes": [
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n0",
          "labels": {
            "kubernetes.io/hostname": "n0",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          }
        }
      },
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n1",
          "labels": {
            "kubernetes.io/hostname": "n1",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          },
          "declaredFeatures": [
            "ExtendWebSocketsToKubelet",
            "RestartAllContainersOnContainerExits"
          ]
        }
      }
    ],
    "pods": [],
    "namespaces": [
      {
        "apiVersion": "v1",
        "kind": "Namespace",
        "metadata": {
          "name": "default",
          "labels": {
            "kubernetes.io/metadata.name": "default"
          }
        }
      }
    ]
  },
  "afterSpread": {
    "pod": {
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {
        "name": "incoming",
        "namespace": "default",
        "labels": {
          "app": "web"
        }
      },
      "spec": {
        "containers": [
          {
            "name": "c",
            "image": "registry.example/app:1",
            "restartPolicy": "Never",
            "restartPolicyRules": [
              {
                "action": "RestartAllContainers",
                "exitCodes": {
                  "operator": "In",
                  "values": [
                    42
                  ]
                }
              }
            ]
          }
        ],
        "topologySpreadConstraints": [
          {
            "maxSkew": 1,
            "topologyKey": "topology.kubernetes.io/zone",
            "whenUnsatisfiable": "DoNotSchedule",
            "labelSelector": {
              "matchLabels": {
                "app": "web"
              }
            }
          }
        ]
      }
    },
    "nodes": [
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n0",
          "labels": {
            "kubernetes.io/hostname": "n0",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          }
        }
      },
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n1",
          "labels": {
            "kubernetes.io/hostname": "n1",
            "topology.kubernetes.io/zone": "z2"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          }
        }
      }
    ],
    "pods": [
      {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
          "name": "p0",
          "namespace": "default",
          "labels": {
            "app": "web"
          }
        },
        "spec": {
          "nodeName": "n0",
          "containers": [
            {
              "name": "c",
              "image": "registry.example/app:1"
            }
          ]
        }
      }
    ],
    "namespaces": [
      {
        "apiVersion": "v1",
        "kind": "Namespace",
        "metadata": {
          "name": "default",
          "labels": {
            "kubernetes.io/metadata.name": "default"
          }
        }
      }
    ]
  },
  "hostUsersTrue": {
    "pod": {
      "apiVersion": "v1",
      "kind": "Pod",
      "metadata": {
        "name": "incoming",
        "namespace": "default",
        "labels": {
          "app": "web"
        }
      },
      "spec": {
        "containers": [
          {
            "name": "c",
            "image": "registry.example/app:1"
          }
        ],
        "hostNetwork": true,
        "hostUsers": true
      }
    },
    "nodes": [
      {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
          "name": "n0",
          "labels": {
            "kubernetes.io/hostname": "n0",
            "topology.kubernetes.io/zone": "z1"
          }
        },
        "spec": {},
        "status": {
          "allocatable": {
            "cpu": "1",
            "memory": "1Gi",
            "pods": "110"
          }
        }
      }
    ],
    "pods": [],
    "namespaces": [
      {
        "apiVersion": "v1",
        "kind": "Namespace",
        "metadata": {
          "name": "default",
          "labels": {
            "kubernetes.io/metadata.name": "default"
          }
        }
      }
    ]
  }
};

/** The oracle's answers (`oracle/k8s-1.37/bin/oracle`, one JSON line per case). */
const UPSTREAM_137: Record<string, SchedulingOutput> = {
  "unsorted": {
    "nodes": [
      {
        "node": "n0",
        "code": "UnschedulableAndUnresolvable",
        "plugin": "NodeDeclaredFeatures",
        "reasons": [
          "node(s) didn't match Pod's required features"
        ]
      },
      {
        "node": "n1",
        "code": "Success",
        "plugin": "",
        "reasons": []
      },
      {
        "node": "n2",
        "code": "UnschedulableAndUnresolvable",
        "plugin": "NodeDeclaredFeatures",
        "reasons": [
          "node(s) didn't match Pod's required features"
        ]
      }
    ],
    "feasible": [
      "n1"
    ]
  },
  "both": {
    "nodes": [
      {
        "node": "n0",
        "code": "UnschedulableAndUnresolvable",
        "plugin": "NodeDeclaredFeatures",
        "reasons": [
          "node(s) didn't match Pod's required features"
        ]
      },
      {
        "node": "n1",
        "code": "Success",
        "plugin": "",
        "reasons": []
      },
      {
        "node": "n2",
        "code": "UnschedulableAndUnresolvable",
        "plugin": "NodeDeclaredFeatures",
        "reasons": [
          "node(s) didn't match Pod's required features"
        ]
      }
    ],
    "feasible": [
      "n1"
    ]
  },
  "initOnly": {
    "nodes": [
      {
        "node": "n0",
        "code": "UnschedulableAndUnresolvable",
        "plugin": "NodeDeclaredFeatures",
        "reasons": [
          "node(s) didn't match Pod's required features"
        ]
      },
      {
        "node": "n1",
        "code": "Success",
        "plugin": "",
        "reasons": []
      }
    ],
    "feasible": [
      "n1"
    ]
  },
  "afterSpread": {
    "nodes": [
      {
        "node": "n0",
        "code": "Unschedulable",
        "plugin": "PodTopologySpread",
        "reasons": [
          "node(s) didn't match pod topology spread constraints"
        ]
      },
      {
        "node": "n1",
        "code": "UnschedulableAndUnresolvable",
        "plugin": "NodeDeclaredFeatures",
        "reasons": [
          "node(s) didn't match Pod's required features"
        ]
      }
    ],
    "feasible": [],
    "fitError": "0/2 nodes are available: 1 node(s) didn't match Pod's required features, 1 node(s) didn't match pod topology spread constraints. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."
  },
  "hostUsersTrue": {
    "nodes": [
      {
        "node": "n0",
        "code": "Success",
        "plugin": "",
        "reasons": []
      }
    ],
    "feasible": [
      "n0"
    ]
  }
};

describe('NodeDeclaredFeatures at 1.37: the library answers as v1.37.2', () => {
  it.each(Object.keys(INPUTS))('%s', (name) => {
    withConfiguration({ kubernetesVersion: '1.37' }, () => {
      expect(compareScheduling(librarySchedule(INPUTS[name]), UPSTREAM_137[name])).toEqual([]);
    });
  });
  it('the frozen answers are what they say (the comparison can fail)', () => {
    withConfiguration({ kubernetesVersion: '1.37' }, () => {
      const flipped = { ...UPSTREAM_137.unsorted, feasible: ['n0', 'n1'] };
      expect(compareScheduling(librarySchedule(INPUTS.unsorted), flipped)).not.toEqual([]);
    });
  });
});
