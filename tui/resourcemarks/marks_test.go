package resourcemarks

import "testing"

func TestMarks(t *testing.T) {
	t.Parallel()
	var nilMarks *Marks
	if nilMarks.Wants("a://x") || nilMarks.Subscribed("a://x") || nilMarks.Changed("a://x") {
		t.Error("nil Marks must read as empty")
	}
	var k Marks
	if k.Wants("a://x") {
		t.Error("an update of a resource not subscribed to is wanted")
	}
	if _, refresh := k.Take("a://x"); refresh || k.Changed("a://x") {
		t.Error("an update of a resource not subscribed to refreshes")
	}
	k.Subscribe("a://x")
	if !k.Wants("a://x/part") || k.Wants("a://xy") {
		t.Error("a part of a subscribed resource is wanted; a name that starts alike is not")
	}
	if res, refresh := k.Take("a://x/part"); res != "a://x" || !refresh || !k.Changed("a://x") {
		t.Errorf("Take(part) = %q, %v: want the resource marked", res, refresh)
	}
	for range 3 {
		if _, refresh := k.Take("a://x"); refresh || k.Wants("a://x") {
			t.Fatal("an update while the refresh is pending refreshes again")
		}
	}
	k.Read("a://x")
	if _, refresh := k.Take("a://x"); !refresh {
		t.Error("after a read, the next update refreshes")
	}
	k.Unsubscribe("a://x")
	if k.Subscribed("a://x") || !k.Changed("a://x") || k.Wants("a://x") {
		t.Error("unsubscribing keeps the mark until read and wants no more updates")
	}
}
