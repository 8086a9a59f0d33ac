package oauth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"mcpeek/internal/origin"
)

// The grants a Config may ask for.
const (
	GrantAuthorizationCode = "authorization_code"
	GrantClientCredentials = "client_credentials"
)

// The token endpoint authentication methods (RFC 7591 §2).
const (
	AuthClientSecretBasic = "client_secret_basic"
	AuthClientSecretPost  = "client_secret_post"
	AuthNone              = "none"
)

// tokenTimeout bounds a request to the token endpoint made on the way to a
// server request (a refresh), which does not end with that request: a
// refresh token may be good for one use only.
const tokenTimeout = 30 * time.Second

// Config is one server's OAuth settings, from its config entry.
type Config struct {
	// ServerURL is the MCP server's URL.
	ServerURL string
	// ClientID and ClientSecret are a pre-registered client; when ClientID
	// is empty mcpeek uses a client ID metadata document or registers.
	ClientID     string
	ClientSecret string
	// AuthMethod is the token endpoint authentication method of the
	// pre-registered client ("" picks one from the server's metadata).
	AuthMethod string
	// Scopes, when set, are asked for instead of the server's choice.
	Scopes []string
	// Grant is GrantAuthorizationCode (the default, "") or
	// GrantClientCredentials (needs ClientID and ClientSecret; no browser).
	Grant string
	// ClientMetadataURL is the https URL of a client ID metadata document
	// describing mcpeek, used as its client ID with authorization servers
	// that accept them.
	ClientMetadataURL string
	// CallbackPort fixes the loopback redirect's port (0: any free port),
	// for a pre-registered client whose redirect URI names one.
	CallbackPort int
	// ClientName is the name given at dynamic registration ("mcpeek").
	ClientName string
}

// Prompt shows the user the authorization URL: it prints it and opens a
// browser on it. It must not block.
type Prompt func(authURL string)

// RequiredError is a server's refusal of a request for want of
// authorization: a 401, or a 403 with error="insufficient_scope" (step-up).
// It never holds a token.
type RequiredError struct {
	// Status is the HTTP status, 401 or 403.
	Status int
	// Challenge is the Bearer challenge of WWW-Authenticate.
	Challenge Challenge
}

// InsufficientScope reports whether the token was good but not enough.
func (e *RequiredError) InsufficientScope() bool { return e.Status == http.StatusForbidden }

// Error says what the server wants.
func (e *RequiredError) Error() string {
	if e.InsufficientScope() {
		if s := e.Challenge.Scopes(); len(s) > 0 {
			return fmt.Sprintf("the server wants more scope (403 insufficient_scope; scope %q)", strings.Join(s, " "))
		}
		return "the server wants more scope (403 insufficient_scope)"
	}
	return fmt.Sprintf("the server wants authorization (%d %s)", e.Status, http.StatusText(e.Status))
}

// Session is the authorization state of one server: its stored record, and
// the flows that renew it. All methods are safe for concurrent use.
type Session struct {
	cfg   Config
	key   string
	store Store
	hc    *http.Client

	mu      sync.Mutex
	rec     *Record
	loaded  bool
	loadErr error

	refreshMu sync.Mutex
}

// NewSession returns the session of the server cfg names, keeping its
// record in store and talking to authorization servers with hc (nil: a
// client with a 30 second timeout). hc follows redirects by the rule of
// redirects unless it has a CheckRedirect of its own.
func NewSession(cfg Config, store Store, hc *http.Client) *Session {
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	if hc.CheckRedirect == nil {
		c := *hc
		c.CheckRedirect = redirects.CheckRedirect
		hc = &c
	}
	if cfg.ClientName == "" {
		cfg.ClientName = "mcpeek"
	}
	return &Session{cfg: cfg, key: CanonicalURL(cfg.ServerURL), store: store, hc: hc}
}

// redirects is how requests to authorization servers follow redirects: a
// request that carries a secret (a token request with a code, a refresh
// token or a client secret; a registration; a revocation) only within its
// own origin, since net/http would send its body and headers on; a GET of a
// public metadata document anywhere; neither from https to http.
var redirects = origin.Policy{
	Public: func(first *http.Request) bool {
		return first.Method == http.MethodGet && first.URL.User == nil && first.Header.Get("Authorization") == "" &&
			(first.Body == nil || first.Body == http.NoBody)
	},
}

// Key is the server's canonical URL, under which its record is stored.
func (s *Session) Key() string { return s.key }

// NeedsBrowser reports whether authorizing takes the user to a browser (the
// authorization code grant) rather than happening alone (client
// credentials).
func (s *Session) NeedsBrowser() bool { return s.cfg.Grant != GrantClientCredentials }

// record returns the stored record, read once (and again after Reload).
func (s *Session) record() *Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.loaded {
		s.rec, s.loadErr = s.store.Load(s.key)
		s.loaded = true
	}
	return s.rec
}

// Reload makes the next request read the store again, so that a login made
// by another mcpeek process is seen.
func (s *Session) Reload() {
	s.mu.Lock()
	s.loaded = false
	s.mu.Unlock()
}

func (s *Session) save(r *Record) error {
	r.Saved = time.Now().UTC()
	s.mu.Lock()
	s.rec, s.loaded, s.loadErr = r, true, nil
	s.mu.Unlock()
	if err := s.store.Save(s.key, r); err != nil {
		return fmt.Errorf("saving the token in %s: %w", s.store.Where(), err)
	}
	return nil
}

// Logout forgets the server's token and registered client.
func (s *Session) Logout() error {
	s.mu.Lock()
	s.rec, s.loaded, s.loadErr = nil, true, nil
	s.mu.Unlock()
	return s.store.Delete(s.key)
}

// ForgetToken drops the token but keeps the registered client, so that the
// next request asks for a new authorization.
func (s *Session) ForgetToken() error {
	rec := s.record()
	if rec == nil || rec.Token == nil {
		return nil
	}
	next := *rec
	next.Token = nil
	return s.save(&next)
}

// Secrets returns the secrets the session knows (access and refresh
// tokens, client secrets), for redacting text from elsewhere.
func (s *Session) Secrets() []string {
	out := []string{s.cfg.ClientSecret}
	if rec := s.record(); rec != nil {
		if rec.Token != nil {
			out = append(out, rec.Token.AccessToken, rec.Token.RefreshToken)
		}
		if rec.Client != nil {
			out = append(out, rec.Client.Secret)
		}
	}
	return slices.DeleteFunc(out, func(v string) bool { return v == "" })
}

// Status is what `mcpeek auth status` shows of a session: no secrets.
type Status struct {
	// LoggedIn says a token is stored (it may have expired and be
	// refreshable).
	LoggedIn    bool
	Expiry      time.Time
	Refreshable bool
	Scopes      []string
	ClientID    string
	Issuer      string
	Saved       time.Time
	// Store says where the record is kept.
	Store string
	// Err is a problem reading the store.
	Err error
}

// Status reads the stored record.
func (s *Session) Status() Status {
	s.Reload()
	rec := s.record()
	s.mu.Lock()
	st := Status{Store: s.store.Where(), Err: s.loadErr}
	s.mu.Unlock()
	if rec == nil {
		return st
	}
	st.Scopes, st.Issuer, st.Saved = rec.Scopes, rec.Issuer, rec.Saved
	if rec.Client != nil {
		st.ClientID = rec.Client.ID
	}
	if rec.Token != nil {
		st.LoggedIn = rec.Token.AccessToken != ""
		st.Expiry = rec.Token.Expiry
		st.Refreshable = rec.Token.RefreshToken != ""
	}
	return st
}

// token returns the access token to send, refreshed if it has expired, or
// nil when there is none to send.
func (s *Session) token(ctx context.Context) *oauth2.Token {
	rec := s.record()
	if rec == nil || rec.Token == nil || rec.Token.AccessToken == "" {
		return nil
	}
	if rec.Token.Valid() {
		return rec.Token
	}
	tok, err := s.renew(ctx, rec.Token)
	if err != nil {
		return nil
	}
	return tok
}

// renew replaces the token stale without the user: with its refresh token,
// or with the client credentials grant. When another request renewed it
// meanwhile, that token is returned; the store is read again first, so a
// renewal by another mcpeek process counts too (a refresh token may be good
// for one use only: spending it twice would lose the login).
func (s *Session) renew(ctx context.Context, stale *oauth2.Token) (*oauth2.Token, error) {
	s.refreshMu.Lock()
	defer s.refreshMu.Unlock()
	s.Reload()
	rec := s.record()
	if rec == nil || rec.Token == nil {
		return nil, errors.New("no token")
	}
	if stale != nil && rec.Token.AccessToken != stale.AccessToken && rec.Token.Valid() {
		return rec.Token, nil
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), tokenTimeout)
	defer cancel()
	client := s.clientOf(rec)
	var (
		tok *oauth2.Token
		err error
	)
	switch {
	case rec.TokenURL == "" || client == nil:
		return nil, errors.New("no token endpoint known")
	case s.cfg.Grant == GrantClientCredentials:
		tok, err = s.clientCredentials(ctx, client, rec.TokenURL, rec.Resource, rec.Scopes)
	case rec.Token.RefreshToken != "":
		cfg := oauthConfig(client, "", rec.TokenURL, "", rec.Scopes)
		// The refresh request carries the resource too (RFC 8707 §2.2);
		// x/oauth2 has no option for it, so the token client adds it.
		tctx := s.tokenContext(ctx, rec.TokenURL, rec.Resource)
		tok, err = cfg.TokenSource(tctx, &oauth2.Token{RefreshToken: rec.Token.RefreshToken}).Token()
	default:
		return nil, errors.New("the token expired and there is no refresh token")
	}
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) && re.ErrorCode == "invalid_grant" {
			// The refresh token is dead: keep the client, drop the token.
			next := *rec
			next.Token = nil
			s.save(&next)
		}
		return nil, fmt.Errorf("refreshing the token: %w", err)
	}
	next := *rec
	next.Token = tok
	if sc, ok := tok.Extra("scope").(string); ok && sc != "" {
		next.Scopes = strings.Fields(sc)
	}
	return tok, s.save(&next)
}

// Transport returns a RoundTripper that sends the server's token with every
// request over base. A 401, or a 403 insufficient_scope, that the session
// can answer without the user (a refresh token, the client credentials
// grant) is answered and the request sent once more; otherwise the request
// fails with a *RequiredError, to be answered with Authorize.
func (s *Session) Transport(base http.RoundTripper) http.RoundTripper {
	return &authTransport{s: s, base: base}
}

type authTransport struct {
	s    *Session
	base http.RoundTripper
}

func (t *authTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	tok := t.s.token(ctx)
	resp, err := t.send(req, tok, false)
	if err != nil {
		return nil, err
	}
	rerr := challengeOf(resp)
	if rerr == nil {
		return resp, nil
	}
	discard(resp)
	if !replayable(req) {
		return nil, rerr
	}
	tok, ok := t.s.recover(ctx, tok, rerr)
	if !ok {
		return nil, rerr
	}
	resp, err = t.send(req, tok, true)
	if err != nil {
		return nil, err
	}
	if rerr := challengeOf(resp); rerr != nil {
		discard(resp)
		return nil, rerr
	}
	return resp, nil
}

func (t *authTransport) send(req *http.Request, tok *oauth2.Token, again bool) (*http.Response, error) {
	r := req.Clone(req.Context())
	if again && req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		r.Body = body
	}
	if tok != nil {
		r.Header.Set("Authorization", tok.Type()+" "+tok.AccessToken)
	}
	return t.base.RoundTrip(r)
}

// recover gets a token without the user, if it can: a refresh when a token
// that could be refreshed was refused, the client credentials grant.
func (s *Session) recover(ctx context.Context, sent *oauth2.Token, rerr *RequiredError) (*oauth2.Token, bool) {
	switch {
	case s.cfg.Grant == GrantClientCredentials:
		if err := s.Authorize(ctx, rerr, nil); err != nil {
			return nil, false
		}
	case rerr.Status == http.StatusUnauthorized && sent != nil && sent.RefreshToken != "":
		if _, err := s.renew(ctx, sent); err != nil {
			return nil, false
		}
	default:
		return nil, false
	}
	tok := s.token(ctx)
	return tok, tok != nil
}

// challengeOf returns the authorization a response asks for, if it does.
func challengeOf(resp *http.Response) *RequiredError {
	switch resp.StatusCode {
	case http.StatusUnauthorized:
		return &RequiredError{Status: resp.StatusCode, Challenge: BearerChallenge(resp.Header.Values("WWW-Authenticate"))}
	case http.StatusForbidden:
		ch := BearerChallenge(resp.Header.Values("WWW-Authenticate"))
		if ch.ErrorCode() == "insufficient_scope" {
			return &RequiredError{Status: resp.StatusCode, Challenge: ch}
		}
	}
	return nil
}

func discard(resp *http.Response) {
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

func replayable(req *http.Request) bool {
	return req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
}

// Authorize answers rerr: it discovers the authorization server, picks the
// scopes, gets a client and a token, and stores them. For the authorization
// code grant it calls prompt with the URL the user must open, then waits
// for the browser to come back until ctx ends; prompt is not used for
// client credentials.
func (s *Session) Authorize(ctx context.Context, rerr *RequiredError, prompt Prompt) error {
	if rerr == nil {
		rerr = &RequiredError{Status: http.StatusUnauthorized}
	}
	d, err := discover(ctx, s.hc, s.cfg.ServerURL, rerr.Challenge)
	if err != nil {
		return fmt.Errorf("authorization discovery: %w", err)
	}
	scopes := s.scopes(d, rerr)
	var (
		tok    *oauth2.Token
		client *Client
	)
	if s.cfg.Grant == GrantClientCredentials {
		if s.cfg.ClientID == "" || s.cfg.ClientSecret == "" {
			return errors.New(`the client credentials grant needs "clientId" and "clientSecret" in the server's "oauth" settings`)
		}
		client = &Client{ID: s.cfg.ClientID, AuthMethod: tokenAuthMethod(s.cfg.AuthMethod, true, d.meta.TokenEndpointAuthMethodsSupported), Issuer: d.issuer}
		tok, err = s.clientCredentials(ctx, s.clientOf(&Record{Client: client}), d.meta.TokenEndpoint, d.resource, scopes)
	} else {
		if prompt == nil {
			return errors.New("logging in needs a browser, and none was offered")
		}
		tok, client, err = s.authorizeCode(ctx, d, scopes, prompt)
	}
	if err != nil {
		return err
	}
	return s.save(&Record{
		Token:         tok,
		Scopes:        scopes,
		Client:        client,
		Issuer:        d.issuer,
		TokenURL:      d.meta.TokenEndpoint,
		Resource:      d.resource,
		RevocationURL: d.meta.RevocationEndpoint,
	})
}

// scopes picks the scopes to ask for, as the MCP specification orders it:
// the config's, else the challenge's, else the protected resource's
// scopes_supported, else none (the scope parameter is left out). A step-up
// (403 insufficient_scope) adds the challenge's scopes to those asked for
// before, so nothing granted is lost. offline_access is added, for a refresh
// token, when the authorization server lists it and other scopes are asked.
func (s *Session) scopes(d *discovery, rerr *RequiredError) []string {
	var out []string
	switch {
	case len(s.cfg.Scopes) > 0:
		out = slices.Clone(s.cfg.Scopes)
	case len(rerr.Challenge.Scopes()) > 0:
		out = rerr.Challenge.Scopes()
	case d.prm != nil:
		out = slices.Clone(d.prm.ScopesSupported)
	}
	if rerr.InsufficientScope() {
		var prev []string
		if rec := s.record(); rec != nil {
			prev = rec.Scopes
		}
		out = union(prev, out, rerr.Challenge.Scopes())
	}
	if s.cfg.Grant != GrantClientCredentials && len(out) > 0 &&
		slices.Contains(d.meta.ScopesSupported, "offline_access") && !slices.Contains(out, "offline_access") {
		out = append(out, "offline_access")
	}
	return out
}

func union(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		for _, v := range l {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// authorizeCode runs the authorization code grant with PKCE (S256) through
// a loopback redirect.
func (s *Session) authorizeCode(ctx context.Context, d *discovery, scopes []string, prompt Prompt) (*oauth2.Token, *Client, error) {
	port := s.cfg.CallbackPort
	reuse := s.registered(d)
	if reuse != nil && port == 0 {
		// A registered client's redirect URI names a port: use it again
		// if it is free, else register anew.
		if u, err := url.Parse(reuse.RedirectURI); err == nil {
			fmt.Sscan(u.Port(), &port)
		}
	}
	lb, err := listenLoopback(port)
	if err != nil && reuse != nil && s.cfg.CallbackPort == 0 {
		reuse = nil
		lb, err = listenLoopback(0)
	}
	if err != nil {
		return nil, nil, err
	}
	defer lb.close()

	client, err := s.clientFor(ctx, d, lb.redirect, scopes, reuse)
	if err != nil {
		return nil, nil, err
	}
	state, err := transport.GenerateState()
	if err != nil {
		return nil, nil, err
	}
	verifier := oauth2.GenerateVerifier()
	cfg := oauthConfig(client, d.meta.AuthorizationEndpoint, d.meta.TokenEndpoint, lb.redirect, scopes)
	opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(verifier)}
	exchange := []oauth2.AuthCodeOption{oauth2.VerifierOption(verifier)}
	if d.resource != "" {
		opts = append(opts, oauth2.SetAuthURLParam("resource", d.resource))
		exchange = append(exchange, oauth2.SetAuthURLParam("resource", d.resource))
	}
	lb.serve(state)
	prompt(cfg.AuthCodeURL(state, opts...))
	code, err := lb.wait(ctx)
	if err != nil {
		return nil, nil, err
	}
	tok, err := cfg.Exchange(s.tokenContext(ctx, "", ""), code, exchange...)
	if err != nil {
		return nil, nil, fmt.Errorf("exchanging the authorization code: %w", err)
	}
	stored := *client
	if s.cfg.ClientID != "" {
		stored.Secret = "" // the config keeps it
	}
	return tok, &stored, nil
}

// registered returns the client mcpeek registered with this authorization
// server before, if it may be used again.
func (s *Session) registered(d *discovery) *Client {
	if s.cfg.ClientID != "" {
		return nil
	}
	rec := s.record()
	if rec == nil || rec.Client == nil || !rec.Client.Registered || rec.Client.Issuer != d.issuer {
		return nil
	}
	c := *rec.Client
	return &c
}

// clientFor returns the client to log in with: the pre-registered one of the
// config, else the client ID metadata document when the authorization
// server accepts them, else the client registered before, else a new
// dynamic registration.
func (s *Session) clientFor(ctx context.Context, d *discovery, redirect string, scopes []string, reuse *Client) (*Client, error) {
	supported := d.meta.TokenEndpointAuthMethodsSupported
	switch {
	case s.cfg.ClientID != "":
		return &Client{ID: s.cfg.ClientID, Secret: s.cfg.ClientSecret, RedirectURI: redirect, Issuer: d.issuer,
			AuthMethod: tokenAuthMethod(s.cfg.AuthMethod, s.cfg.ClientSecret != "", supported)}, nil
	case s.cfg.ClientMetadataURL != "" && d.meta.ClientIDMetadataDocumentSupported:
		return &Client{ID: s.cfg.ClientMetadataURL, AuthMethod: AuthNone, RedirectURI: redirect, Issuer: d.issuer}, nil
	case reuse != nil && reuse.RedirectURI == redirect:
		return reuse, nil
	case d.meta.RegistrationEndpoint != "":
		c, err := register(ctx, s.hc, d.meta.RegistrationEndpoint, s.cfg.ClientName, redirect, scopes)
		if err != nil {
			return nil, err
		}
		c.Issuer = d.issuer
		c.AuthMethod = tokenAuthMethod(c.AuthMethod, c.Secret != "", supported)
		return c, nil
	}
	return nil, fmt.Errorf(`the authorization server %s offers neither dynamic client registration nor client ID metadata documents: `+
		`give a pre-registered client in the server's config entry ("oauth": {"clientId": ...})`, d.issuer)
}

// clientOf returns the client of a record, with the config's secret for a
// pre-registered client.
func (s *Session) clientOf(rec *Record) *Client {
	if rec.Client == nil {
		return nil
	}
	c := *rec.Client
	if s.cfg.ClientID != "" && c.ID == s.cfg.ClientID {
		c.Secret = s.cfg.ClientSecret
	}
	return &c
}

// clientCredentials gets a token with the client credentials grant.
func (s *Session) clientCredentials(ctx context.Context, client *Client, tokenURL, resource string, scopes []string) (*oauth2.Token, error) {
	base := oauthConfig(client, "", tokenURL, "", scopes)
	cc := clientcredentials.Config{
		ClientID:     base.ClientID,
		ClientSecret: base.ClientSecret,
		TokenURL:     tokenURL,
		Scopes:       scopes,
		AuthStyle:    base.Endpoint.AuthStyle,
	}
	if resource != "" {
		cc.EndpointParams = url.Values{"resource": {resource}}
	}
	tok, err := cc.Token(s.tokenContext(ctx, "", ""))
	if err != nil {
		return nil, fmt.Errorf("client credentials grant: %w", err)
	}
	return tok, nil
}

// tokenContext gives x/oauth2 the session's HTTP client; with tokenURL and
// resource set, refresh requests to tokenURL carry the resource parameter.
func (s *Session) tokenContext(ctx context.Context, tokenURL, resource string) context.Context {
	hc := s.hc
	if tokenURL != "" && resource != "" {
		c := *s.hc
		base := c.Transport
		if base == nil {
			base = http.DefaultTransport
		}
		c.Transport = resourceParam{base: base, tokenURL: tokenURL, resource: resource}
		hc = &c
	}
	return context.WithValue(ctx, oauth2.HTTPClient, hc)
}

// oauthConfig is the x/oauth2 configuration for a client.
func oauthConfig(c *Client, authURL, tokenURL, redirect string, scopes []string) *oauth2.Config {
	cfg := &oauth2.Config{
		ClientID:     c.ID,
		ClientSecret: c.Secret,
		Endpoint:     oauth2.Endpoint{AuthURL: authURL, TokenURL: tokenURL, AuthStyle: oauth2.AuthStyleInParams},
		RedirectURL:  redirect,
		Scopes:       scopes,
	}
	switch tokenAuthMethod(c.AuthMethod, c.Secret != "", nil) {
	case AuthClientSecretBasic:
		cfg.Endpoint.AuthStyle = oauth2.AuthStyleInHeader
	case AuthNone:
		cfg.ClientSecret = ""
	}
	return cfg
}

// tokenAuthMethod picks how a client authenticates at the token endpoint:
// the method it was given or registered with, else none for a client
// without a secret, else client_secret_basic when the server supports it
// (or says nothing: RFC 8414's default), else client_secret_post.
func tokenAuthMethod(method string, hasSecret bool, supported []string) string {
	switch method {
	case AuthClientSecretBasic, AuthClientSecretPost, AuthNone:
		return method
	}
	switch {
	case !hasSecret:
		return AuthNone
	case len(supported) == 0 || slices.Contains(supported, AuthClientSecretBasic):
		return AuthClientSecretBasic
	case slices.Contains(supported, AuthClientSecretPost):
		return AuthClientSecretPost
	}
	return AuthClientSecretBasic
}
