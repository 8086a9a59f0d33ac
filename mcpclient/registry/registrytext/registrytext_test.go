package registrytext

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/styled"
	"mcpeek/mcpclient/registry"
)

// weather is the remote server of the registry's test data, as an entry.
func weather(t *testing.T) registry.Entry {
	t.Helper()
	server, err := os.ReadFile("../testdata/remote-weather.json")
	if err != nil {
		t.Fatal(err)
	}
	raw := []byte(`{"server":` + string(server) + `,"_meta":{"io.modelcontextprotocol.registry/official":{"status":"active","isLatest":true,"publishedAt":"2026-01-02T03:04:05Z"}}}`)
	e, err := registry.ParseEntry(raw)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestEntryShowsRemotesWithTheirInputs(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	Entry(styled.Printer{W: &buf}, weather(t))
	for _, want := range []string{
		"com.example/weather  1.4.0\n  Weather\n  Forecasts for any city, served remotely\n  status: active, latest; published 2026-01-02\n",
		"\nremote streamable-http https://{region}.weather.example.com/mcp\n  variables:\n" +
			"    {region}  required, default \"eu\", one of eu|us — Data centre\n",
		"    Authorization  required, secret, value \"Bearer {token}\" — Bearer token from your account page\n      {token} required, secret\n",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestTableCutsLongCells(t *testing.T) {
	t.Parallel()
	e := weather(t)
	e.Server.Description = strings.Repeat("A", 500) + "\nsecond line"
	var buf bytes.Buffer
	Table(styled.Printer{W: &buf}, []registry.Entry{e})
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "NAME") || lines[2] != "1 server (mcpeek registry show NAME for its packages and inputs)" {
		t.Fatalf("not a header, a row and a count:\n%s", buf.String())
	}
	if !strings.HasSuffix(lines[1], strings.Repeat("A", descColumn-1)+"…") || strings.Contains(buf.String(), "second line") {
		t.Errorf("the description is not cut to its first line and %d cells:\n%s", descColumn, lines[1])
	}
}

func TestSafeJSONEscapesWhatATerminalActsOn(t *testing.T) {
	t.Parallel()
	in := []byte("{\"a\": \"x\u009b2J\u202ey\x7f\"}")
	out := SafeJSON(in)
	if bytes.ContainsAny(out, "\u009b\u202e\x7f") {
		t.Errorf("left a control character: %q", out)
	}
	var before, after map[string]string
	if json.Unmarshal(in, &before) != nil || json.Unmarshal(out, &after) != nil || before["a"] != after["a"] {
		t.Errorf("not the same value: %q became %q", in, out)
	}
}

func TestWriteEntriesJSONIsAnArrayOfTheEntries(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 2} {
		entries := []registry.Entry{}
		for range n {
			entries = append(entries, weather(t))
		}
		var buf bytes.Buffer
		if err := WriteEntriesJSON(&buf, entries); err != nil {
			t.Fatal(err)
		}
		var got []map[string]any
		if err := json.Unmarshal(buf.Bytes(), &got); err != nil || len(got) != n {
			t.Errorf("%d entries: %v\n%s", n, err, buf.String())
		}
	}
}

func TestFreshnessNote(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		f       registry.Freshness
		offline bool
		msg     string
		warning bool
	}{
		{registry.Freshness{FetchedAt: now}, false, "", false},
		{registry.Freshness{FetchedAt: now.Add(-90 * time.Minute)}, true, "offline: showing the cached answer from 1 hour ago", false},
		{registry.Freshness{FetchedAt: now.Add(-72 * time.Hour), Unreachable: errors.New("refused")}, false,
			"the registry could not be reached (refused): showing the cached answer from 3 days ago", true},
	}
	for _, c := range cases {
		if msg, warning := FreshnessNote(c.f, c.offline, now); msg != c.msg || warning != c.warning {
			t.Errorf("FreshnessNote(%+v, %v) = %q, %v; want %q, %v", c.f, c.offline, msg, warning, c.msg, c.warning)
		}
	}
}

func TestProblemWarningsNameTheFirstFew(t *testing.T) {
	t.Parallel()
	var problems []registry.Problem
	for _, name := range []string{"a", "b", "c", "d", "e"} {
		problems = append(problems, registry.Problem{Name: name, Err: errors.New("bad")})
	}
	got := ProblemWarnings(problems)
	if len(got) != 4 || got[3] != "and 2 more entries left out" {
		t.Errorf("got %q", got)
	}
}
