package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/model"
)

// TestLockUpdateApprovesWhatIsNamed edits a lock of the demo server (a
// description changed, a tool missing, a tool the server no longer has),
// then approves one tool, then the rest.
func TestLockUpdateApprovesWhatIsNamed(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	lock := filepath.Join(t.TempDir(), "mcpeek.lock.json")
	if _, stderr, status := demo.mcpeek(t, "snapshot", "-o", lock); status != 0 {
		t.Fatalf("snapshot: %s", stderr)
	}
	fresh, _ := os.ReadFile(lock)
	snap := readSnapshotFile(t, lock)
	tools := snap.Servers[0].Tools
	var kept []model.Tool
	for _, tl := range tools {
		switch tl.Name {
		case "stale_timeseries":
			continue // missing from the lock: new since
		case "shop_get_order":
			var def map[string]any
			if err := json.Unmarshal(tl.Raw, &def); err != nil {
				t.Fatal(err)
			}
			def["description"] = "Poisoned. " + tl.Description
			tl.Raw, _ = json.Marshal(def)
		}
		kept = append(kept, tl)
	}
	kept = append(kept, model.Tool{Name: "zz_gone", Server: "demo", Raw: []byte(`{"name":"zz_gone","inputSchema":{"type":"object"}}`)})
	snap.Servers[0].Tools = kept
	b, err := snap.Encode()
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(lock, b, 0o644)

	out, stderr, status := demo.mcpeek(t, "lock", "update", "demo.shop_get_order", "--lock", lock, "--dry-run")
	if status != 0 || !strings.Contains(out, "description-changed") || strings.Contains(out, "stale_timeseries") {
		t.Fatalf("lock update --dry-run: exit %d\n%s%s", status, out, stderr)
	}
	if now, _ := os.ReadFile(lock); string(now) != string(b) {
		t.Fatal("--dry-run wrote the lock")
	}
	if _, stderr, status := demo.mcpeek(t, "lock", "update", "demo.shop_get_order", "--lock", lock); status != 0 {
		t.Fatalf("lock update demo.shop_get_order: %s", stderr)
	}
	after := readSnapshotFile(t, lock).Servers[0].Tools
	names := map[string]string{}
	for _, tl := range after {
		names[tl.Name] = tl.Description
	}
	if hasTool(after, "stale_timeseries") || !hasTool(after, "zz_gone") || strings.HasPrefix(names["shop_get_order"], "Poisoned") {
		t.Fatalf("only the tool named is approved: %v", names)
	}
	out, _, status = demo.mcpeek(t, "lock", "update", "--lock", lock)
	if status != 0 || !strings.Contains(out, "tool-added") || !strings.Contains(out, "tool-removed") {
		t.Fatalf("lock update: exit %d\n%s", status, out)
	}
	if now, _ := os.ReadFile(lock); string(now) != string(fresh) {
		t.Fatal("lock update without names writes what the servers list")
	}
}

func hasTool(tools []model.Tool, name string) bool {
	for _, tl := range tools {
		if tl.Name == name {
			return true
		}
	}
	return false
}

func TestGatewayLockFlags(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	if _, stderr, status := demo.mcpeek(t, "gateway", "--lock-allow", "compatible"); status != 1 || !strings.Contains(stderr, "needs --lock") {
		t.Errorf("--lock-allow without --lock: exit %d, %s", status, stderr)
	}
	if _, stderr, status := demo.mcpeek(t, "gateway", "--lock", "x.json", "--lock-allow", "loose"); status != 1 || !strings.Contains(stderr, "--lock-allow") {
		t.Errorf("an unknown --lock-allow: exit %d, %s", status, stderr)
	}
	if _, stderr, status := demo.mcpeek(t, "gateway", "--lock", filepath.Join(t.TempDir(), "none.json")); status != 1 || !strings.Contains(stderr, "lock file") {
		t.Errorf("a missing lock file: exit %d, %s", status, stderr)
	}
}

// TestLockUpdateWritesOnlyAChange: approving what the lock already holds
// writes nothing and says so; a tool that neither the servers nor the lock
// have is an error that names the config's nearest tools.
func TestLockUpdateWritesOnlyAChange(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	lock := filepath.Join(t.TempDir(), "gw.lock.json")
	if _, stderr, status := demo.mcpeek(t, "snapshot", "-o", lock); status != 0 {
		t.Fatalf("snapshot: %s", stderr)
	}
	_, stderr, status := demo.mcpeek(t, "lock", "update", "demo.shop_get_order", "--lock", lock)
	if status != 0 || strings.Contains(stderr, "wrote") || !strings.Contains(stderr, "nothing written") {
		t.Errorf("approving an unchanged tool: exit %d\n%s", status, stderr)
	}
	_, stderr, status = demo.mcpeek(t, "lock", "update", "demo.shop_get_ordr", "--lock", lock)
	if status != 1 || !strings.Contains(stderr, "demo.shop_get_order") || !strings.Contains(stderr, "nothing written") {
		t.Errorf("approving a tool no one has: exit %d\n%s", status, stderr)
	}
}
