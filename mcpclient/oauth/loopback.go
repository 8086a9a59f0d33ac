package oauth

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"
)

// callbackPath is the path of the loopback redirect URI.
const callbackPath = "/callback"

// loopback is the local HTTP server the browser is redirected to with the
// authorization code (RFC 8252 §7.3).
type loopback struct {
	ln       net.Listener
	redirect string
	srv      *http.Server
	results  chan callbackResult
}

type callbackResult struct {
	code string
	err  error
}

// listenLoopback listens on 127.0.0.1 at port (0 for any free one).
func listenLoopback(port int) (*loopback, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return nil, fmt.Errorf("loopback redirect: %w", err)
	}
	l := &loopback{
		ln:       ln,
		redirect: fmt.Sprintf("http://127.0.0.1:%d%s", ln.Addr().(*net.TCPAddr).Port, callbackPath),
		results:  make(chan callbackResult, 1),
	}
	return l, nil
}

// serve answers the redirect for state until close. The first redirect that
// carries state delivers its code or error; others are refused.
func (l *loopback) serve(state string) {
	mux := http.NewServeMux()
	mux.HandleFunc(callbackPath, func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("state") != state {
			http.Error(w, "mcpeek: this login link is not the one mcpeek is waiting for (state mismatch)", http.StatusBadRequest)
			return
		}
		var res callbackResult
		switch {
		case q.Get("error") != "":
			res.err = fmt.Errorf("the authorization server refused: %s %s", q.Get("error"), q.Get("error_description"))
		case q.Get("code") == "":
			res.err = errors.New("the authorization server redirected back without a code")
		default:
			res.code = q.Get("code")
		}
		select {
		case l.results <- res:
		default: // a result is already in: this is a reload
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if res.err != nil {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintln(w, "mcpeek: the login failed; see the terminal.")
			return
		}
		fmt.Fprintln(w, "mcpeek: logged in. You can close this tab.")
	})
	l.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go l.srv.Serve(l.ln)
}

// wait returns the authorization code, or why there is none.
func (l *loopback) wait(ctx context.Context) (string, error) {
	select {
	case res := <-l.results:
		return res.code, res.err
	case <-ctx.Done():
		return "", fmt.Errorf("waiting for the browser to come back: %w", ctx.Err())
	}
}

func (l *loopback) close() {
	if l.srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		l.srv.Shutdown(ctx)
	}
	l.ln.Close()
}
