package mcpclient

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestTaskAndProgressLines(t *testing.T) {
	task := Task{ID: "t1", Status: TaskWorking, Message: "Gathering sources...", TTL: 5 * time.Minute}
	if got, want := task.Line(), task.String()+" (TTL 5m0s)"; got != want {
		t.Errorf("task: got %q, want %q", got, want)
	}
	for p, want := range map[Progress]string{
		{Progress: 3, Total: 5, Message: "copying"}: "progress 3/5 (60%) copying",
		{Progress: 3}: "progress 3",
	} {
		if got := p.Line(); got != want {
			t.Errorf("progress: got %q, want %q", got, want)
		}
	}
}

func TestLastMessageIsOneShortLine(t *testing.T) {
	r := SamplingRequest{Messages: []SamplingMessage{{Text: "first"}, {Text: "line one\nline two " + strings.Repeat("x", 100)}}}
	got := []rune(r.LastMessage())
	if len(got) != 80 || got[79] != '…' || strings.Contains(string(got), "\n") {
		t.Errorf("got %q", string(got))
	}
	if (SamplingRequest{}).LastMessage() != "" {
		t.Error("no message should give nothing")
	}
}

func TestCallFailedSaysWhatToDoOfATimeout(t *testing.T) {
	err := CallFailed("shop", "search", &TimeoutError{After: time.Second, Connected: true})
	want := "call shop.search: timed out after 1s without a result; the call was cancelled (give it longer with --timeout)"
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	if got := CallFailed("shop", "search", errors.New("boom")).Error(); got != "call shop.search: boom" {
		t.Errorf("got %s", got)
	}
}
