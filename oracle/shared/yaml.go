package main

// sigs.k8s.io/yaml's strict conversion of one YAML document to JSON (YAMLToJSONStrict: go-yaml v2 with duplicate
// mapping keys refused, YAML 1.1 scalars, merge keys, keys stringified), the step every manifest goes through before
// the JSON decoder. Its answer is the JSON text, or the error.

import (
	"encoding/json"

	"sigs.k8s.io/yaml"
)

type yamlInput struct {
	Text string `json:"text"`
}

type yamlOutput struct {
	JSON  string `json:"json,omitempty"`
	Error string `json:"error,omitempty"`
}

func yamlAnswer(raw json.RawMessage) (*yamlOutput, error) {
	var in yamlInput
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, err
	}
	out, err := yaml.YAMLToJSONStrict([]byte(in.Text))
	if err != nil {
		return &yamlOutput{Error: err.Error()}, nil
	}
	return &yamlOutput{JSON: string(out)}, nil
}
