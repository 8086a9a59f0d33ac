package registry

import (
	"slices"
	"strings"
	"testing"

	"mcpeek/mcpclient/registry/sandbox"
)

// TestContainerLaunchIsolatesTheImage: docker run gets the sandbox's
// options before the image, the package arguments after it as data,
// each variable by name (its value in docker's environment, not on the
// command line).
func TestContainerLaunchIsolatesTheImage(t *testing.T) {
	t.Parallel()
	p := Package{RegistryType: "oci", Identifier: "ghcr.io/o/img", Version: "1.0.0",
		PackageArguments:     []Argument{{Type: "positional", Input: Input{Value: "; rm -rf ~"}}, {Type: "positional", Input: Input{Value: "--privileged"}}},
		EnvironmentVariables: []KeyValueInput{{Name: "TOKEN", Input: Input{IsSecret: true}}}}
	l, err := p.Launch(map[string]string{"TOKEN": "s3cret"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pol := sandbox.Policy{Limits: sandbox.DefaultLimits}
	run := containerLaunch(l, "/usr/bin/docker", pol)
	want := slices.Concat([]string{"run", "-i", "--rm", "--pull=never"}, sandbox.ContainerOptions(pol),
		[]string{"-e", "TOKEN", "ghcr.io/o/img:1.0.0", "; rm -rf ~", "--privileged"})
	if run.Program != "/usr/bin/docker" || !slices.Equal(run.Args, want) || run.Env["TOKEN"] != "s3cret" || strings.Contains(run.CommandLine(), "s3cret") {
		t.Errorf("%s %q\nwant %q", run.Program, run.Args, want)
	}
	for _, o := range []string{"--read-only", "--network", "none", "--cap-drop", "ALL", "--pids-limit", "64", "no-new-privileges"} {
		if !slices.Contains(run.Args, o) {
			t.Errorf("no %s in %q", o, run.Args)
		}
	}
	if s := sandbox.ContainerString("docker", pol); s != "docker: image read-only except scratch (/tmp, 256 MiB), no host files, no network, 512 MiB in all, 64 processes, 600 s CPU, no capabilities" {
		t.Errorf("says %q", s)
	}
}
