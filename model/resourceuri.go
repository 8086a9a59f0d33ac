package model

import "strings"

// UpdateConcerns reports whether a server's notifications/resources/updated
// for uri concerns a subscription to subscribed: uri is that resource, or
// a part of it (the specification allows an update to name a sub-resource
// of the one subscribed to), that is subscribed followed by '/', '?' or
// '#' and more.
func UpdateConcerns(uri, subscribed string) bool {
	if uri == subscribed {
		return true
	}
	if subscribed == "" || !strings.HasPrefix(uri, subscribed) {
		return false
	}
	if strings.HasSuffix(subscribed, "/") {
		return true
	}
	switch uri[len(subscribed)] {
	case '/', '?', '#':
		return true
	}
	return false
}
