package mcpclient

import (
	"errors"
	"fmt"
	"strings"

	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
)

// OAuthConfig is the "oauth" object of a remote server's entry. Every field
// may be left out: by default mcpeek finds the authorization server from
// the server's 401 answer and registers itself there (RFC 7591).
//
//	"oauth": {
//	  "clientId": "pre-registered-id",
//	  "clientSecret": "${CLIENT_SECRET}",
//	  "tokenEndpointAuthMethod": "client_secret_basic",
//	  "scopes": ["read", "write"],
//	  "grant": "client_credentials",
//	  "clientMetadataUrl": "https://example.com/mcpeek-client.json",
//	  "callbackPort": 8976
//	}
type OAuthConfig struct {
	// ClientID and ClientSecret are a client registered beforehand with
	// the authorization server. The secret is never printed.
	ClientID     string `json:"clientId"`
	ClientSecret string `json:"clientSecret"`
	// TokenEndpointAuthMethod is client_secret_basic, client_secret_post or
	// none; "" picks one from the authorization server's metadata.
	TokenEndpointAuthMethod string `json:"tokenEndpointAuthMethod"`
	// Scopes replace the scopes the server asks for.
	Scopes []string `json:"scopes"`
	// Grant is "authorization_code" (the default: a login in the browser)
	// or "client_credentials" (a machine client: clientId and clientSecret,
	// no browser).
	Grant string `json:"grant"`
	// ClientMetadataURL is the https URL of a client ID metadata document
	// to use as the client ID where the authorization server accepts them.
	ClientMetadataURL string `json:"clientMetadataUrl"`
	// CallbackPort fixes the port of the loopback redirect
	// (http://127.0.0.1:PORT/callback) for a pre-registered client.
	CallbackPort int `json:"callbackPort"`
}

func (o *OAuthConfig) expand(x *expander) {
	o.ClientID = x.expand(o.ClientID)
	o.ClientSecret = x.expand(o.ClientSecret)
	o.ClientMetadataURL = x.expand(o.ClientMetadataURL)
}

func (o OAuthConfig) validate() error {
	switch o.Grant {
	case "", oauth.GrantAuthorizationCode:
	case oauth.GrantClientCredentials:
		if o.ClientID == "" || o.ClientSecret == "" {
			return errors.New(`"oauth": grant "client_credentials" needs "clientId" and "clientSecret"`)
		}
	default:
		return fmt.Errorf(`"oauth": unknown grant %q (want "authorization_code" or "client_credentials")`, o.Grant)
	}
	switch o.TokenEndpointAuthMethod {
	case "", oauth.AuthClientSecretBasic, oauth.AuthClientSecretPost, oauth.AuthNone:
	default:
		return fmt.Errorf(`"oauth": unknown tokenEndpointAuthMethod %q (want "client_secret_basic", "client_secret_post" or "none")`, o.TokenEndpointAuthMethod)
	}
	if o.CallbackPort < 0 || o.CallbackPort > 65535 {
		return fmt.Errorf(`"oauth": callbackPort %d is not a port`, o.CallbackPort)
	}
	return nil
}

// UsesOAuth reports whether mcpeek logs in to the server with OAuth when it
// asks: a remote server whose entry does not set an Authorization header of
// its own.
func (c ServerConfig) UsesOAuth() bool {
	if c.Transport() != model.TransportSSE && c.Transport() != model.TransportStreamableHTTP {
		return false
	}
	for k := range c.Headers {
		if strings.EqualFold(k, "authorization") {
			return false
		}
	}
	return true
}

// OAuthSession returns the OAuth session of the server, keeping its tokens
// in store, or nil when the server does not use OAuth (see UsesOAuth).
func (c ServerConfig) OAuthSession(store oauth.Store) *oauth.Session {
	if !c.UsesOAuth() || store == nil {
		return nil
	}
	return oauth.NewSession(oauth.Config{
		ServerURL:         c.URL,
		ClientID:          c.OAuth.ClientID,
		ClientSecret:      c.OAuth.ClientSecret,
		AuthMethod:        c.OAuth.TokenEndpointAuthMethod,
		Scopes:            c.OAuth.Scopes,
		Grant:             c.OAuth.Grant,
		ClientMetadataURL: c.OAuth.ClientMetadataURL,
		CallbackPort:      c.OAuth.CallbackPort,
	}, store, nil)
}

// ErrNeedsLogin is matched (errors.Is) by the errors of a server that asks
// for OAuth authorization mcpeek does not have: the Manager shows it as
// model.StateNeedsLogin. Such an error also matches ErrUnavailable.
var ErrNeedsLogin = errors.New("needs login")

// ErrNoOAuth is returned by Login for a server that does not use OAuth.
var ErrNoOAuth = errors.New("the server does not log in with OAuth (it is not a remote server, or its entry sets an Authorization header)")

// needsLoginError says a server wants a login; it wraps why.
type needsLoginError struct{ err error }

func (e *needsLoginError) Error() string { return "needs login: " + e.err.Error() }
func (e *needsLoginError) Unwrap() error { return e.err }
func (e *needsLoginError) Is(target error) bool {
	return target == ErrNeedsLogin || target == ErrUnavailable
}

func needsLogin(err error) error {
	if errors.Is(err, ErrNeedsLogin) {
		return err
	}
	return &needsLoginError{err: err}
}
