package mcpclient

import (
	"testing"
	"time"
)

func TestLoginStatusLine(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		e    LoginStatus
		want string
	}{
		{LoginStatus{Error: "bad\nfile"}, "cannot read the store: bad file"},
		{LoginStatus{Store: "keyring"}, "not logged in"},
		{LoginStatus{LoggedIn: true, ExpiresAt: now.Add(90 * time.Minute), Refreshable: true, Scopes: []string{"read"}, ClientID: "c1", Issuer: "https://as", Store: "keyring"},
			`logged in, token expires in 1h30m0s (refreshable) with scopes ["read"], client c1, at https://as; kept in keyring`},
		{LoginStatus{LoggedIn: true, ExpiresAt: now.Add(-time.Minute), Store: "file"}, "logged in, token expired; kept in file"},
	} {
		if got := c.e.Line(now); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
