package testkit

import (
	"fmt"
	"testing"
)

// verdict records what a helper made of a test: skipped or failed.
type verdict struct {
	testing.TB
	skipped, failed string
}

func (v *verdict) Helper()                        {}
func (v *verdict) Skip(args ...any)               { v.skipped = fmt.Sprint(args...) }
func (v *verdict) Fatalf(format string, a ...any) { v.failed = fmt.Sprintf(format, a...) }

// TestSkipSandboxFailsWhereRequired: a sandbox test that cannot run is
// skipped, but fails where the run requires the sandbox's tests.
func TestSkipSandboxFailsWhereRequired(t *testing.T) {
	t.Setenv(SandboxRequired, "")
	v := &verdict{TB: t}
	SkipSandbox(v, "no bwrap")
	if v.skipped != "no bwrap" || v.failed != "" {
		t.Errorf("not required: %+v", v)
	}
	t.Setenv(SandboxRequired, "required")
	v = &verdict{TB: t}
	SkipSandbox(v, "no bwrap")
	if v.skipped != "" || v.failed != "no bwrap (MCPEEK_TEST_SANDBOX=required: the sandbox's tests must run here)" {
		t.Errorf("required: %+v", v)
	}
}
