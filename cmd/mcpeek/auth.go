package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/assets"
	"mcpeek/mcpclient"
	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
)

func (a *app) authCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "auth",
		Short: "Log in to remote MCP servers that use OAuth, log out, or see the stored logins",
		Long: "Remote servers that ask for OAuth are logged in to in the browser: the URL is printed on stderr\n" +
			"and opened with $BROWSER (or the system's opener). Tokens are kept in the OS keyring, or in a 0600\n" +
			"file under the user's config directory when there is none (MCPEEK_TOKEN_STORE=file forces it).",
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(a.authLoginCommand(), a.authLogoutCommand(), a.authStatusCommand())
	return cmd
}

// oauthServers returns the configured servers that use OAuth, or the one
// named.
func (a *app) oauthServers(args []string) ([]mcpclient.ServerConfig, error) {
	cfg, usingDemo, err := a.loadConfig()
	name := strings.Join(args, "") // SERVER, or "" for every one
	switch {
	case err != nil:
		return nil, err
	case usingDemo && name == assets.DemoServerName:
		return nil, fmt.Errorf("%q is the embedded demo server: it runs inside mcpeek and needs no login", name)
	case usingDemo && name != "":
		return nil, mcpclient.UnknownServer(name, []string{assets.DemoServerName})
	}
	return mcpclient.OAuthServers(cfg, name)
}

// oauthStored is oauthServers with the token store they are kept in.
func (a *app) oauthStored(args []string) ([]mcpclient.ServerConfig, oauth.Store, error) {
	servers, err := a.oauthServers(args)
	if err != nil {
		return nil, nil, err
	}
	store, err := oauth.DefaultStore()
	if err != nil {
		return nil, nil, err
	}
	return servers, store, nil
}

func (a *app) authLoginCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "login [SERVER]",
		Short: "Log in to a remote server (or each one that asks) in the browser, replacing any stored token",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			servers, err := a.oauthServers(args)
			if err != nil {
				return err
			}
			// A Manager on the chosen servers alone; they log in one at a
			// time, each in the browser.
			m, err := a.managerOn(mcpclient.Config{Servers: servers}, false, mcpclient.WithLoginTimeout(loginWait))
			if err != nil {
				return err
			}
			defer m.Close()
			ctx := cmd.Context()
			waitCtx, cancel := context.WithTimeout(ctx, a.connectWait())
			err = m.Start(waitCtx)
			cancel()
			if err != nil && !errors.Is(err, context.DeadlineExceeded) {
				return err
			}
			failed := false
			for _, sc := range servers {
				if err := m.Login(ctx, sc.Name); err != nil {
					if ctx.Err() != nil {
						return err
					}
					failed = true
					a.warn(err.Error())
					continue
				}
				st, _ := m.AuthStatus(sc.Name)
				if st.LoggedIn {
					fmt.Fprintf(a.stdout, "%s: logged in%s (token kept in %s)\n", clean(sc.Name), mcpclient.ScopesNote(st.Scopes), st.Store)
				} else {
					fmt.Fprintf(a.stdout, "%s: connected; the server asked for no login\n", clean(sc.Name))
				}
			}
			if failed {
				return errLoginsFailed
			}
			return nil
		},
	}
}

func (a *app) authLogoutCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "logout [SERVER]",
		Short: "Revoke and forget the stored token and registered client of a server (or of every one)",
		Long: "The stored refresh and access tokens are revoked at the authorization server (RFC 7009) when its\n" +
			"metadata names a revocation endpoint, then removed here. A revocation that fails is reported (exit\n" +
			"status 1), and the token is removed here all the same.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			servers, store, err := a.oauthStored(args)
			if err != nil {
				return err
			}
			failed := false
			for _, sc := range servers {
				sess := sc.OAuthSession(store)
				rev := sess.Revoke(cmd.Context())
				if err := sess.Logout(); err != nil {
					return fmt.Errorf("%s: %w", sc.Name, err)
				}
				at := ""
				switch {
				case rev.Err != nil:
					failed = true
					a.warn(fmt.Sprintf("%s: the token could not be revoked at %s: %s", sc.Name, rev.Endpoint, sc.Redact(rev.Err.Error())))
					at = "; not revoked at the server"
				case len(rev.Revoked) > 0:
					at = fmt.Sprintf("; %s revoked at %s", strings.Join(rev.Revoked, " and "), model.SanitizeLine(rev.Endpoint))
				}
				fmt.Fprintf(a.stdout, "%s: logged out (removed from %s%s)\n", clean(sc.Name), store.Where(), at)
			}
			if failed {
				return errRevokeFailed
			}
			return nil
		},
	}
}

func (a *app) authStatusCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "status [SERVER]",
		Short: "Show the stored OAuth login of each remote server (or one), without contacting it",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			servers, store, err := a.oauthStored(args)
			if errors.Is(err, mcpclient.ErrNoOAuthServer) {
				// Nothing to report is a report: an empty list.
				if asJSON {
					return writeJSON(a.stdout, []mcpclient.LoginStatus{})
				}
				_, err = fmt.Fprintln(a.stdout, "No configured server uses OAuth: no login is stored for any.")
				return err
			}
			if err != nil {
				return err
			}
			out := []mcpclient.LoginStatus{}
			for _, sc := range servers {
				out = append(out, sc.LoginStatus(store))
			}
			if asJSON {
				return writeJSON(a.stdout, out)
			}
			for _, e := range out {
				fmt.Fprintln(a.stdout, clean(e.Name)+"  "+e.Line(time.Now()))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print a JSON array of {name, url, logged_in, expires_at, refreshable, scopes, client_id, issuer, store}")
	return cmd
}

// errLoginsFailed makes the exit status say that a login failed, after
// each failure was written to stderr.
var errLoginsFailed = errors.New("some logins failed (see above)")

// errRevokeFailed makes the exit status say that a token could not be
// revoked at its server (it was removed here).
var errRevokeFailed = errors.New("some tokens could not be revoked at their server (see above); they were removed here")
