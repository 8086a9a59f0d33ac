package logview

import (
	"fmt"
	"testing"
	"time"

	"mcpeek/model"
)

// The ring keeps the last Keep messages of all servers.
func TestRingKeepsTheNewest(t *testing.T) {
	t.Parallel()
	var l Screen
	for i := range Keep + 10 {
		l.push(line{server: "s", msg: model.LogMessage{Time: time.Unix(int64(i), 0), Level: "info", Text: fmt.Sprint(i)}})
	}
	if l.Len() != Keep || l.at(0).msg.Text != "10" || l.at(l.Len()-1).msg.Text != fmt.Sprint(Keep+9) {
		t.Errorf("ring: %d lines, first %q", l.Len(), l.at(0).msg.Text)
	}
}
