package testkit

import (
	"os"
	"testing"
)

// SandboxRequired is the variable that makes a sandbox test fail where it
// would skip: scripts/test sets it to "required" once bubblewrap is
// installed, so that a run of the whole suite (CI's, as root) never
// passes with the sandbox's tests skipped unseen.
const SandboxRequired = "MCPEEK_TEST_SANDBOX"

// SkipSandbox skips t, a test of the sandbox, saying why it cannot run
// here (no bubblewrap, user namespaces disabled, no bash or no gcc for
// the test's programs); where SandboxRequired is "required" it fails t
// instead.
func SkipSandbox(t testing.TB, why string) {
	t.Helper()
	if os.Getenv(SandboxRequired) == "required" {
		t.Fatalf("%s (%s=required: the sandbox's tests must run here)", why, SandboxRequired)
		return
	}
	t.Skip(why)
}
