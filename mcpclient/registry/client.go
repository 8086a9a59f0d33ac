package registry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// DefaultURL is the official MCP Registry.
const DefaultURL = "https://registry.modelcontextprotocol.io"

// Limits of what is read from a registry: a hostile or broken one cannot
// make mcpeek read without end. Limits bound a whole listing.
const (
	// DefaultMaxPageBytes caps one answer of the registry.
	DefaultMaxPageBytes = 8 << 20
	// PageLimit is the entries asked for per page, the official
	// registry's largest.
	PageLimit = 100
)

// Client reads one registry's API v0.1. The zero value is not usable: use
// NewClient.
type Client struct {
	base         *url.URL
	http         *http.Client
	maxPageBytes int64
	// afterFunc starts the timer of a listing's deadline (time.AfterFunc
	// when nil).
	afterFunc func(d time.Duration, f func()) (stop func() bool)
}

// NewClient returns a client of the registry at baseURL ("" for the
// official one), which may have a path (a sub-registry served under
// https://example.com/mcp-registry). httpClient nil means a client with a
// 30 second timeout per request.
func NewClient(baseURL string, httpClient *http.Client) (*Client, error) {
	if baseURL == "" {
		baseURL = DefaultURL
	}
	u, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("registry URL %q: %w", baseURL, err)
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("registry URL %q: want an http:// or https:// URL such as %s", baseURL, DefaultURL)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("registry URL %q: give the base URL alone, without a query or fragment", baseURL)
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = ""
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 30 * time.Second}
	}
	return &Client{base: u, http: httpClient, maxPageBytes: DefaultMaxPageBytes}, nil
}

// URL is the registry's base URL, as given.
func (c *Client) URL() string { return c.base.String() }

// SetMaxPageBytes changes the cap on one answer (DefaultMaxPageBytes).
func (c *Client) SetMaxPageBytes(n int64) { c.maxPageBytes = n }

// Query is what a listing asks for. Zero fields are left out.
type Query struct {
	Search       string    // a substring of the name
	Version      string    // "latest" or an exact version
	UpdatedSince time.Time // only entries updated since (deleted ones included)
	Cursor       string    // the page after this cursor
	Limit        int       // entries per page
}

// values encodes q as the API's query parameters.
func (q Query) values() url.Values {
	v := url.Values{}
	if q.Search != "" {
		v.Set("search", q.Search)
	}
	if q.Version != "" {
		v.Set("version", q.Version)
	}
	if !q.UpdatedSince.IsZero() {
		v.Set("updated_since", q.UpdatedSince.UTC().Format(time.RFC3339))
	}
	if q.Cursor != "" {
		v.Set("cursor", q.Cursor)
	}
	if q.Limit > 0 {
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	return v
}

// Page is one page of a listing.
type Page struct {
	Entries    []Entry
	Problems   []Problem // entries that could not be read, left out
	NextCursor string    // "" on the last page
	Bytes      int       // the size of the answer
	Cut        bool      // entries past the most asked for were left out
}

// Problem is an entry of a listing that could not be read.
type Problem struct {
	Name string // "" when even the name could not be read
	Err  error
}

func (p Problem) String() string {
	if p.Name == "" {
		return p.Err.Error()
	}
	return p.Name + ": " + p.Err.Error()
}

// listJSON is the API's ServerList, its entries read one at a time so
// that one bad entry does not hide the others.
type listJSON struct {
	Servers  *[]json.RawMessage `json:"servers"`
	Metadata struct {
		NextCursor *string `json:"nextCursor"`
		Count      int     `json:"count"`
	} `json:"metadata"`
}

// Page reads one page of GET /v0.1/servers.
func (c *Client) Page(ctx context.Context, q Query) (Page, error) {
	return c.page(ctx, q, DefaultMaxEntries)
}

// page reads one page, keeping at most max entries: a registry may send
// more than it was asked for.
func (c *Client) page(ctx context.Context, q Query, max int) (Page, error) {
	body, err := c.get(ctx, []string{"v0.1", "servers"}, q.values())
	if err != nil {
		return Page{}, err
	}
	p, err := parseList(body, max)
	p.Bytes = len(body)
	return p, err
}

// parseList reads a ServerList answer, its first max entries.
func parseList(body []byte, max int) (Page, error) {
	var l listJSON
	if err := json.Unmarshal(body, &l); err != nil {
		return Page{}, fmt.Errorf("the registry's answer is not a server list: %w", fieldError(err))
	}
	if l.Servers == nil {
		return Page{}, errors.New(`the registry's answer is not a server list: it has no "servers" array`)
	}
	var p Page
	if l.Metadata.NextCursor != nil {
		p.NextCursor = *l.Metadata.NextCursor
	}
	raws := *l.Servers
	if len(raws) > max {
		raws, p.Cut = raws[:max], true
	}
	for i, raw := range raws {
		e, err := ParseEntry(raw)
		if err != nil {
			p.Problems = append(p.Problems, Problem{Name: nameOf(raw), Err: fmt.Errorf("entry %d: %w", i, err)})
			continue
		}
		p.Entries = append(p.Entries, e)
	}
	return p, nil
}

// nameOf reads an entry's server name if it can, for naming a bad entry.
func nameOf(raw json.RawMessage) string {
	var e struct {
		Server struct {
			Name any `json:"name"`
		} `json:"server"`
	}
	_ = json.Unmarshal(raw, &e)
	s, _ := e.Server.Name.(string)
	return s
}

// Listing is every page of a listing read.
type Listing struct {
	Entries  []Entry
	Problems []Problem
	Pages    int
	// Stopped says which of the Limits ended the listing before its last
	// page; zero when it was read to its end.
	Stopped Stop
}

// List follows the pages of a listing from q.Cursor within lim: at most
// lim.Pages pages, lim.Bytes of answers, lim.Entries entries, and
// lim.Deadline for all of them. Reaching one keeps what was read and says
// so in Stopped; a deadline that passes before the first page is an
// error. A cursor the registry gives twice ends it with an error rather
// than a loop.
func (c *Client) List(ctx context.Context, q Query, lim Limits) (Listing, error) {
	lim = lim.withDefaults()
	if q.Limit == 0 {
		q.Limit = PageLimit
	}
	ctx, stop := c.withDeadline(ctx, lim.Deadline)
	defer stop()
	var l Listing
	seen := map[string]bool{}
	var total int64
	for {
		p, err := c.page(ctx, q, lim.Entries-len(l.Entries)-len(l.Problems))
		switch {
		case err != nil && pastDeadline(ctx) && l.Pages > 0:
			l.Stopped = lim.stop(LimitDeadline, l.Pages)
			return l, nil
		case err != nil && pastDeadline(ctx):
			return l, fmt.Errorf("page 1: no answer within the listing's deadline of %s", lim.Deadline)
		case err != nil:
			return l, fmt.Errorf("page %d: %w", l.Pages+1, err)
		}
		l.Pages++
		total += int64(p.Bytes)
		l.Entries = append(l.Entries, p.Entries...)
		l.Problems = append(l.Problems, p.Problems...)
		switch {
		case p.NextCursor == "" && !p.Cut:
			return l, nil
		case p.Cut || len(l.Entries)+len(l.Problems) >= lim.Entries:
			l.Stopped = lim.stop(LimitEntries, l.Pages)
			return l, nil
		case seen[p.NextCursor]:
			return l, fmt.Errorf("page %d: the registry gave the cursor %q twice; stopped rather than loop", l.Pages, p.NextCursor)
		case total >= lim.Bytes:
			l.Stopped = lim.stop(LimitBytes, l.Pages)
			return l, nil
		case l.Pages >= lim.Pages:
			l.Stopped = lim.stop(LimitPages, l.Pages)
			return l, nil
		}
		seen[p.NextCursor] = true
		q.Cursor = p.NextCursor
	}
}

// Versions reads every version of the server name, newest first.
func (c *Client) Versions(ctx context.Context, name string) ([]Entry, error) {
	body, err := c.get(ctx, []string{"v0.1", "servers", name, "versions"}, nil)
	if err != nil {
		return nil, err
	}
	p, err := parseList(body, DefaultMaxEntries)
	if err != nil {
		return nil, err
	}
	if len(p.Problems) > 0 {
		return p.Entries, fmt.Errorf("%s: %s", name, p.Problems[0])
	}
	return p.Entries, nil
}

// Version reads one version of the server name: an exact version, or
// "latest".
func (c *Client) Version(ctx context.Context, name, version string) (Entry, error) {
	body, err := c.get(ctx, []string{"v0.1", "servers", name, "versions", version}, nil)
	if err != nil {
		return Entry{}, err
	}
	e, err := ParseEntry(body)
	if err != nil {
		return Entry{}, fmt.Errorf("%s@%s: %w", name, version, err)
	}
	return e, nil
}

// ErrNotFound is the registry's 404: no such server or version.
var ErrNotFound = errors.New("not found in the registry")

// get reads base/segments?query. Each segment is escaped alone, so the
// slash of a server name travels as %2F, as the API asks.
func (c *Client) get(ctx context.Context, segments []string, query url.Values) ([]byte, error) {
	u := *c.base
	escaped := make([]string, len(segments))
	for i, s := range segments {
		escaped[i] = url.PathEscape(s)
	}
	u.RawPath = c.base.EscapedPath() + "/" + strings.Join(escaped, "/")
	u.Path = c.base.Path + "/" + strings.Join(segments, "/")
	u.RawQuery = query.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "mcpeek")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.maxPageBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", u.Redacted(), err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, statusError(resp.StatusCode, body)
	}
	if int64(len(body)) > c.maxPageBytes {
		return nil, fmt.Errorf("the registry's answer to %s is larger than %d bytes: not read", u.Redacted(), c.maxPageBytes)
	}
	return body, nil
}

// statusError reads the registry's error answer: {"error": "..."} in the
// OpenAPI document, a problem document ({"title", "detail"}) from the
// official registry.
func statusError(code int, body []byte) error {
	var e struct {
		Error  string `json:"error"`
		Title  string `json:"title"`
		Detail string `json:"detail"`
	}
	_ = json.Unmarshal(body, &e)
	msg := e.Error
	if msg == "" {
		msg = strings.TrimSpace(strings.TrimSuffix(e.Title+": "+e.Detail, ": "))
	}
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	if msg == "" || msg == ":" {
		msg = http.StatusText(code)
	}
	if code == http.StatusNotFound {
		return fmt.Errorf("%w (%s)", ErrNotFound, msg)
	}
	return fmt.Errorf("the registry answered %d: %s", code, msg)
}
