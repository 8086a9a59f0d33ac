package mcpclient

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// gooseExtension is an extension of Goose's config.yaml as Goose writes
// one, its fields in Goose's order.
type gooseExtension struct {
	Name    string            `yaml:"name"`
	Type    string            `yaml:"type"`
	Cmd     string            `yaml:"cmd,omitempty"`
	Args    []string          `yaml:"args,omitempty"`
	Envs    map[string]string `yaml:"envs,omitempty"`
	EnvKeys []string          `yaml:"env_keys,omitempty"`
	URI     string            `yaml:"uri,omitempty"`
	Headers map[string]string `yaml:"headers,omitempty"`
	Enabled bool              `yaml:"enabled"`
	Timeout int               `yaml:"timeout"`
}

// addGoose adds sc to a Goose config.yaml as the last of its
// "extensions", in text: the lines are put at the end of that block with
// its indentation (made at the end of the file when it is missing), so
// that every comment and line of the file stays as it was. A secret
// environment variable is named in env_keys (Goose keeps its value in its
// secret store); a secret elsewhere needs --write-secrets.
func addGoose(sc ServerConfig, local bool, secrets map[string]bool, old []byte) ([]byte, []string, error) {
	ext := gooseExtension{Name: sc.Name, Enabled: true, Timeout: 300}
	var keys []string
	if local {
		ext.Type, ext.Cmd, ext.Args = "stdio", sc.Command, sc.Args
		ext.Envs = map[string]string{}
		for k, v := range sc.Env {
			if secrets[k] && v == "${"+k+"}" {
				keys = append(keys, k)
				continue
			}
			ext.Envs[k] = v
		}
	} else {
		ext.Type, ext.URI, ext.Headers = "streamable_http", sc.URL, sc.Headers
		if sc.Type == "sse" {
			ext.Type = "sse"
		}
	}
	ext.EnvKeys = slices.Sorted(slices.Values(keys))
	for _, s := range append(append([]string{ext.Cmd, ext.URI}, ext.Args...), mapsValues(ext.Envs, ext.Headers)...) {
		for _, m := range secretRef.FindAllStringSubmatch(s, -1) {
			if secrets[m[1]] {
				return nil, nil, fmt.Errorf("goose reads a secret from its secret store only as a whole environment variable, and %s is part of an argument, a header or the URL: give its value with --registry-input and --write-secrets to write it in clear, or add the server by hand", m[1])
			}
		}
	}

	var doc yaml.Node
	if err := yaml.Unmarshal(old, &doc); err != nil {
		return nil, nil, fmt.Errorf("not YAML: %w", err)
	}
	lines := strings.SplitAfter(string(old), "\n")
	if len(old) == 0 {
		lines = nil
	}
	at, indent := len(lines), "  " // where the entry goes, and the block's indentation
	step := 2                      // the file's own indentation step
	found := false
	if len(doc.Content) > 0 && doc.Content[0].Kind == yaml.MappingNode {
		root := doc.Content[0]
		for i := 0; i+1 < len(root.Content); i += 2 {
			k, v := root.Content[i], root.Content[i+1]
			if k.Value != "extensions" {
				continue
			}
			found = true
			switch {
			case v.Kind == yaml.MappingNode && v.Style&yaml.FlowStyle != 0, v.Kind != yaml.MappingNode && v.Tag != "!!null":
				return nil, nil, fmt.Errorf(`its "extensions" is not a block map: add the server by hand`)
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				if v.Content[j].Value == sc.Name {
					return nil, nil, fmt.Errorf("%q %w in \"extensions\"", sc.Name, ErrServerExists)
				}
			}
			if v.Kind == yaml.MappingNode && len(v.Content) > 0 {
				indent = strings.Repeat(" ", v.Content[0].Column-1)
				if e := v.Content[1]; e.Kind == yaml.MappingNode && len(e.Content) > 0 && e.Content[0].Column > v.Content[0].Column {
					step = e.Content[0].Column - v.Content[0].Column
				}
			}
			at = blockEnd(lines, k.Line) // k.Line is 1-based: the lines after it
		}
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(step)
	if err := enc.Encode(map[string]gooseExtension{sc.Name: ext}); err != nil {
		return nil, nil, err
	}
	var add []string
	if !found {
		add = append(add, "extensions:\n")
	}
	for _, l := range strings.SplitAfter(strings.TrimSuffix(b.String(), "\n"), "\n") {
		add = append(add, indent+strings.TrimSuffix(l, "\n")+"\n")
	}
	if at > 0 && !strings.HasSuffix(lines[at-1], "\n") {
		lines[at-1] += "\n"
	}
	out := strings.Join(lines[:at], "") + strings.Join(add, "") + strings.Join(lines[at:], "")
	var notes []string
	if len(keys) > 0 {
		notes = append(notes, "goose keeps "+strings.Join(ext.EnvKeys, ", ")+" in its secret store (env_keys): set it there or in its environment")
	}
	return []byte(out), notes, nil
}

// blockEnd is the index of the line after the block that the top-level
// key on line keyLine (1-based) opens: the next line indented no more
// than a top-level key, less the comments and blank lines just before it
// (they belong to what follows).
func blockEnd(lines []string, keyLine int) int {
	end := len(lines)
	for i := keyLine; i < len(lines); i++ {
		t := strings.TrimRight(lines[i], "\r\n")
		if strings.TrimSpace(t) != "" && !strings.HasPrefix(strings.TrimSpace(t), "#") && t[0] != ' ' && t[0] != '\t' {
			end = i
			break
		}
	}
	for end > keyLine {
		t := strings.TrimSpace(lines[end-1])
		if t != "" && !strings.HasPrefix(t, "#") {
			break
		}
		end--
	}
	return end
}

func mapsValues(ms ...map[string]string) []string {
	var out []string
	for _, m := range ms {
		for _, v := range m {
			out = append(out, v)
		}
	}
	return out
}
