// Package resourcemarks keeps what the explorer knows of one server's
// resource subscriptions: the resources it subscribed to, and those that
// changed since they were last read. It also decides, cheaply, what a
// server's notifications/resources/updated is worth, so that the explorer
// can drop the worthless ones before it updates or draws anything (a
// server may send them by the hundred a second, and a frame costs
// milliseconds):
//
//   - nothing for a resource the explorer did not subscribe to (the
//     connection may be subscribed for someone else, a client of the
//     background gateway);
//   - nothing more for a resource already marked changed: its refresh
//     is pending until the user reads it again, so several updates
//     become one refresh;
//   - a refresh otherwise: the resource is marked changed.
//
// It knows nothing of the explorer's panes or messages.
package resourcemarks

import "mcpeek/model"

// Marks are one server's subscribed and changed resources, by URI. The
// zero Marks have none and are ready to use; a nil *Marks reads as empty.
type Marks struct {
	subscribed map[string]bool
	changed    map[string]bool
}

// Subscribe marks uri subscribed to.
func (k *Marks) Subscribe(uri string) {
	if k.subscribed == nil {
		k.subscribed = map[string]bool{}
	}
	k.subscribed[uri] = true
}

// Unsubscribe drops uri's subscription; its changed mark, if any, stays
// until it is read.
func (k *Marks) Unsubscribe(uri string) { delete(k.subscribed, uri) }

// Subscribed reports whether uri is subscribed to.
func (k *Marks) Subscribed(uri string) bool { return k != nil && k.subscribed[uri] }

// Changed reports whether uri changed since it was last read.
func (k *Marks) Changed(uri string) bool { return k != nil && k.changed[uri] }

// Read clears uri's changed mark: its next update refreshes again.
func (k *Marks) Read(uri string) { delete(k.changed, uri) }

// Wants reports whether an update of uri would refresh anything (see
// Take), without marking it: a map lookup for a subscribed or a stranger
// resource, the subscriptions for a part of one.
func (k *Marks) Wants(uri string) bool {
	res, ok := k.resource(uri)
	return ok && !k.changed[res]
}

// Take takes an update of uri: it returns the subscribed resource it
// concerns (uri, or the one uri is a part of) and whether it is a
// refresh, in which case that resource is now marked changed.
func (k *Marks) Take(uri string) (resource string, refresh bool) {
	res, ok := k.resource(uri)
	if !ok || k.changed[res] {
		return res, false
	}
	if k.changed == nil {
		k.changed = map[string]bool{}
	}
	k.changed[res] = true
	return res, true
}

// resource is the subscribed resource an update of uri concerns.
func (k *Marks) resource(uri string) (string, bool) {
	if k == nil {
		return "", false
	}
	if k.subscribed[uri] {
		return uri, true
	}
	for sub := range k.subscribed {
		if model.UpdateConcerns(uri, sub) {
			return sub, true
		}
	}
	return "", false
}
