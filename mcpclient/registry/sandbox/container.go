package sandbox

import (
	"strconv"
	"strings"
)

// ContainerOptions are the options of docker run (or podman run) that
// enforce p on an OCI image, Docker's own isolation standing in for
// bubblewrap: the image's file system read-only, a tmpfs at Scratch the
// only writable place, no mount of the host (none is given: the user's
// home and sockets are not there), no network unless allowed, the memory
// of the whole container, the process count and each process's CPU time
// limited, no capabilities and no privilege gained through setuid.
func ContainerOptions(p Policy) []string {
	o := []string{"--read-only",
		"--tmpfs", Scratch + ":rw,nosuid,nodev,size=" + strconv.FormatInt(p.ScratchBytes, 10),
		"--memory", strconv.FormatInt(p.MemoryBytes, 10),
		"--pids-limit", strconv.Itoa(p.Processes),
		"--ulimit", "cpu=" + strconv.Itoa(p.CPUSeconds) + ":" + strconv.Itoa(p.CPUSeconds),
		"--ulimit", "core=0:0",
		"--cap-drop", "ALL", "--security-opt", "no-new-privileges"}
	if !p.AllowNet {
		o = append(o, "--network", "none")
	}
	return o
}

// ContainerString says what ContainerOptions enforce, for the user:
// "docker: image read-only except scratch (/tmp, 256 MiB), no host
// files, no network, 512 MiB in all, 64 processes, 600 s CPU, no
// capabilities".
func ContainerString(engine string, p Policy) string {
	net := "no network"
	if p.AllowNet {
		net = "network allowed"
	}
	return strings.Join([]string{engine + ": image read-only except scratch (" + Scratch + ", " + mib(p.ScratchBytes) + ")",
		"no host files", net, mib(p.MemoryBytes) + " in all", strconv.Itoa(p.Processes) + " processes",
		strconv.Itoa(p.CPUSeconds) + " s CPU", "no capabilities"}, ", ")
}
