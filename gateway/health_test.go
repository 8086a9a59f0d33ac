package gateway

import (
	"strings"
	"testing"

	"mcpeek/model"
)

func TestServerThatNeedsLoginHasItsOwnHealth(t *testing.T) {
	t.Parallel()
	g := &Gateway{}
	h, msg := g.groupHealth("remote", []model.Server{{Name: "remote", State: model.StateNeedsLogin, Err: "the server wants authorization (401 Unauthorized)"}})
	if h != HealthNeedsLogin || !strings.Contains(msg, "mcpeek auth login remote") {
		t.Errorf("health %q, %q", h, msg)
	}
}
