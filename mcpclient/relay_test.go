package mcpclient

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

type testRelay struct{ name string }

func (r *testRelay) Relay(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
	return json.RawMessage(`{"by":"` + r.name + `"}`), nil
}

// TestCallBookRoutes: a request goes to the relay of its own context, else
// to the one relay of the calls in flight; with calls of several answerers
// in flight it is declined, saying why; with no relayed call in flight it is
// the Manager's.
func TestCallBookRoutes(t *testing.T) {
	t.Parallel()
	a, b := &testRelay{"a"}, &testRelay{"b"}
	p := &peer{server: "s"}
	bg := context.Background()
	answer := func(ctx context.Context) (string, bool) {
		res, err, handled := p.relay(ctx, "elicitation/create", json.RawMessage(`{"message":"m","task":{"ttl":1}}`))
		if err != nil {
			return err.Error(), handled
		}
		return string(res), handled
	}
	if _, handled := answer(bg); handled {
		t.Fatal("no call in flight: not the Manager's")
	}
	leaveA := p.calls.enter(WithRelay(bg, a))
	leaveA2 := p.calls.enter(WithRelay(bg, a))
	if got, _ := answer(bg); got != `{"by":"a"}` {
		t.Fatalf("one relay in flight: %s", got)
	}
	leaveB := p.calls.enter(WithRelay(bg, b))
	if got, _ := answer(bg); !strings.Contains(got, `"action":"decline"`) || !strings.Contains(got, "several calls to s are in flight") {
		t.Fatalf("two relays in flight: %s", got)
	}
	if got, _ := answer(WithRelay(bg, b)); got != `{"by":"b"}` {
		t.Fatalf("the request's own context: %s", got)
	}
	leaveB()
	leavePlain := p.calls.enter(bg)
	if got, _ := answer(bg); !strings.Contains(got, "decline") {
		t.Fatalf("a relayed and a plain call in flight: %s", got)
	}
	leavePlain()
	leaveA()
	leaveA2()
	if _, handled := answer(bg); handled {
		t.Fatal("all calls ended: not the Manager's")
	}
	if _, err := Declined("sampling/createMessage", "why"); err == nil || !strings.Contains(err.Error(), "User rejected sampling request: why") {
		t.Fatalf("sampling decline: %v", err)
	}
	if got := string(withoutTask(json.RawMessage(`{"message":"m","task":{"ttl":1}}`))); got != `{"message":"m"}` {
		t.Fatalf("withoutTask: %s", got)
	}
}
