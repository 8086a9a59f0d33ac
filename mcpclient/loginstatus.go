package mcpclient

import (
	"fmt"
	"time"

	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
)

// LoginStatus is what is stored of a server's OAuth login, without its
// secrets (an entry of `mcpeek auth status --json`).
type LoginStatus struct {
	Name        string    `json:"name"`
	URL         string    `json:"url"`
	LoggedIn    bool      `json:"logged_in"`
	ExpiresAt   time.Time `json:"expires_at,omitzero"`
	Refreshable bool      `json:"refreshable"`
	Scopes      []string  `json:"scopes"`
	ClientID    string    `json:"client_id,omitempty"`
	Issuer      string    `json:"issuer,omitempty"`
	Store       string    `json:"store"`
	Error       string    `json:"error,omitempty"`
}

// LoginStatus reads what store holds of c's login, without contacting
// the server; its URL and error are redacted.
func (c ServerConfig) LoginStatus(store oauth.Store) LoginStatus {
	st := c.OAuthSession(store).Status()
	e := LoginStatus{Name: c.Name, URL: RedactURL(c.URL), LoggedIn: st.LoggedIn, ExpiresAt: st.Expiry,
		Refreshable: st.Refreshable, Scopes: st.Scopes, ClientID: st.ClientID, Issuer: st.Issuer, Store: st.Store}
	if e.Scopes == nil {
		e.Scopes = []string{}
	}
	if st.Err != nil {
		e.Error = c.Redact(st.Err.Error())
	}
	return e
}

// Line says in words what is stored for the server, as at now.
func (e LoginStatus) Line(now time.Time) string {
	if e.Error != "" {
		return "cannot read the store: " + model.SanitizeLine(e.Error)
	}
	if !e.LoggedIn {
		return "not logged in"
	}
	s := "logged in"
	switch left := e.ExpiresAt.Sub(now); {
	case e.ExpiresAt.IsZero():
	case left > 0:
		s += fmt.Sprintf(", token expires in %s", left.Round(time.Minute))
	default:
		s += ", token expired"
	}
	if e.Refreshable {
		s += " (refreshable)"
	}
	s += ScopesNote(e.Scopes)
	if e.ClientID != "" {
		s += ", client " + model.SanitizeLine(e.ClientID)
	}
	if e.Issuer != "" {
		s += ", at " + model.SanitizeLine(e.Issuer)
	}
	return s + "; kept in " + e.Store
}

// ScopesNote is " with scopes [...]" for the scopes granted, "" for none.
func ScopesNote(scopes []string) string {
	if len(scopes) == 0 {
		return ""
	}
	return fmt.Sprintf(" with scopes %q", scopes)
}
