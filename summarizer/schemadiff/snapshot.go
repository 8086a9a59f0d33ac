// Package schemadiff tells the callers of MCP tools what changed in a
// server's contract. It writes every tool's definition to a snapshot (a
// lock file meant to be committed) and compares two snapshots tool by tool,
// on the resolved shapes of their schemas, classifying each change as
// breaking or compatible for callers. docs/snapshot.md and docs/diff.md
// describe the file and the classes.
package schemadiff

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"mcpeek/model"
)

// FormatVersion is the version of the snapshot format this package writes
// and reads, the value of the file's "mcpeek_snapshot" member.
const FormatVersion = 1

// Snapshot is the tools of some servers at one moment, servers sorted by
// name and each server's tools sorted by name.
type Snapshot struct {
	Servers []Server
}

// Server is one server in a snapshot.
type Server struct {
	// Name is the server's name in the config (the SERVER of SERVER.TOOL).
	Name string
	// Implementation is what the server called itself at initialize.
	Implementation model.Implementation
	// ProtocolVersion is the MCP protocol version agreed on.
	ProtocolVersion string
	// Tools are the tools listed, sorted by name; each keeps its raw
	// definition.
	Tools []model.Tool
	// Whole says the server was snapshotted whole: its capabilities,
	// resource templates and prompts are known. A lock file written
	// before they were recorded has none, and the diff compares them only
	// when both sides are whole.
	Whole bool
	// Capabilities are the capabilities the server declared besides
	// tools, by name ("prompts", "resources.subscribe"), sorted.
	Capabilities []string
	// ResourceTemplates and Prompts are the entries listed, sorted by
	// name, each as the server sent it.
	ResourceTemplates []Entry
	Prompts           []Entry
}

// Entry is one resource template or prompt as a server listed it.
type Entry struct {
	Name string
	// Raw is the entry's JSON as sent (compacted once read back).
	Raw []byte
}

// Capabilities names what a server's capabilities offer besides tools,
// as a lock file records them.
func Capabilities(o model.Offers) []string {
	var out []string
	for _, c := range []struct {
		name string
		on   bool
	}{{"completions", o.Completions}, {"logging", o.Logging}, {"prompts", o.Prompts}, {"resources", o.Resources},
		{"resources.subscribe", o.Subscribe}, {"tasks", o.Tasks}, {"tasks.list", o.TaskList}} {
		if c.on {
			out = append(out, c.name)
		}
	}
	return out
}

// WithWhole returns srv snapshotted whole: with its capabilities and the
// resource templates and prompts it listed (each raw as sent; an entry
// that is not an object with a string name is left out), sorted by name.
func (srv Server) WithWhole(offers model.Offers, templates, prompts []json.RawMessage) Server {
	srv.Whole = true
	srv.Capabilities = Capabilities(offers)
	srv.ResourceTemplates = entries(templates)
	srv.Prompts = entries(prompts)
	return srv
}

func entries(raws []json.RawMessage) []Entry {
	var out []Entry
	for _, raw := range raws {
		var v struct {
			Name *string `json:"name"`
		}
		if json.Unmarshal(raw, &v) != nil || v.Name == nil {
			continue
		}
		out = append(out, Entry{Name: *v.Name, Raw: compact(raw)})
	}
	slices.SortStableFunc(out, func(a, b Entry) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// FromServers snapshots servers as the client last saw them, sorted.
func FromServers(servers []model.Server) Snapshot {
	var s Snapshot
	for _, srv := range servers {
		tools := slices.Clone(srv.Tools)
		slices.SortStableFunc(tools, func(a, b model.Tool) int { return cmp.Compare(a.Name, b.Name) })
		s.Servers = append(s.Servers, Server{
			Name:            srv.Name,
			Implementation:  srv.Implementation,
			ProtocolVersion: srv.ProtocolVersion,
			Tools:           tools,
		})
	}
	slices.SortStableFunc(s.Servers, func(a, b Server) int { return cmp.Compare(a.Name, b.Name) })
	return s
}

// Server returns the server called name.
func (s Snapshot) Server(name string) (Server, bool) {
	for _, srv := range s.Servers {
		if srv.Name == name {
			return srv, true
		}
	}
	return Server{}, false
}

// Encode writes the snapshot as the lock file: two-space indented JSON,
// members in a fixed order, each tool's definition with its members, numbers
// and escapes exactly as the server sent them (only the white space between
// tokens is re-indented), and a final newline. The same snapshot always
// encodes to the same bytes.
func (s Snapshot) Encode() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"mcpeek_snapshot\": %d,\n  \"servers\": [", FormatVersion)
	for i, srv := range s.Servers {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    {\n      \"name\": ")
		b.Write(quote(srv.Name))
		b.WriteString(",\n      \"server_info\": {\"name\": ")
		b.Write(quote(srv.Implementation.Name))
		b.WriteString(", \"version\": ")
		b.Write(quote(srv.Implementation.Version))
		b.WriteString("},\n      \"protocol_version\": ")
		b.Write(quote(srv.ProtocolVersion))
		if srv.Whole {
			b.WriteString(",\n      \"protocol_era\": ")
			b.Write(quote(model.EraOf(srv.ProtocolVersion)))
			b.WriteString(",\n      \"capabilities\": [")
			for j, c := range srv.Capabilities {
				if j > 0 {
					b.WriteString(", ")
				}
				b.Write(quote(c))
			}
			b.WriteString("]")
		}
		raws := make([][]byte, len(srv.Tools))
		for j, t := range srv.Tools {
			raws[j] = t.Raw
		}
		if err := writeList(&b, "tools", raws); err != nil {
			return nil, fmt.Errorf("server %s: a tool's definition is not JSON: %w", srv.Name, err)
		}
		if srv.Whole {
			for _, list := range []struct {
				name    string
				entries []Entry
			}{{"resource_templates", srv.ResourceTemplates}, {"prompts", srv.Prompts}} {
				raws := make([][]byte, len(list.entries))
				for j, e := range list.entries {
					raws[j] = e.Raw
				}
				if err := writeList(&b, list.name, raws); err != nil {
					return nil, fmt.Errorf("server %s: an entry of %s is not JSON: %w", srv.Name, list.name, err)
				}
			}
		}
		b.WriteString("\n    }")
	}
	if len(s.Servers) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes(), nil
}

// writeList writes a server's member name holding the JSON values raws,
// one a line, each indented.
func writeList(b *bytes.Buffer, name string, raws [][]byte) error {
	b.WriteString(",\n      \"" + name + "\": [")
	for j, raw := range raws {
		if j > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n        ")
		if err := json.Indent(b, raw, "        ", "  "); err != nil {
			return err
		}
	}
	if len(raws) > 0 {
		b.WriteString("\n      ")
	}
	b.WriteString("]")
	return nil
}

// quote writes s as a JSON string, without the HTML escapes of
// encoding/json, so that the file reads as the names were given.
func quote(s string) []byte {
	b, err := jsontext.AppendQuote(nil, s)
	if err != nil { // invalid UTF-8: replaced, never fatal
		b, _ = jsontext.AppendQuote(nil, string(bytes.ToValidUTF8([]byte(s), []byte("\uFFFD"))))
	}
	return b
}

// Decode reads a lock file written by Encode. Each tool's Raw is its
// definition made compact again, so a definition that a server sent compact
// comes back byte for byte. Members the format does not know are skipped.
func Decode(b []byte) (Snapshot, error) {
	// Reading the file with its white space taken out first, in one pass,
	// is faster: the decoder skips no indentation and the tools need no
	// compacting. A file that fails so is read again as written, for the
	// error to say where.
	if text, ok := withoutSpace(make([]byte, 0, len(b)/2), b); ok { // a lock file is more than half indentation
		if s, err := decode(text, compacted); err == nil || errors.Is(err, errTooManyTools) {
			return s, err
		}
	}
	return decode(b, asWritten)
}

// decodeOwned is Decode for a text nobody else holds (as ReadFile read it):
// it is compacted where it lies, and the snapshot's definitions and words
// are views of it, so that a lock file costs about its size once read,
// not twice. A text of less than half its size once compacted is copied
// to one of its size, and the larger let go. It reports false, the text
// lost, when the file must be read again for Decode to say where it is
// wrong.
func decodeOwned(b []byte) (Snapshot, bool, error) {
	text, ok := withoutSpace(b[:0], b)
	if !ok {
		return Snapshot{}, false, nil
	}
	if len(text) < cap(b)/2 {
		text = bytes.Clone(text)
	}
	s, err := decode(text, compacted)
	if err != nil && !errors.Is(err, errTooManyTools) {
		return Snapshot{}, false, nil
	}
	return s, true, err
}

// errTooManyTools is why a lock file is refused that lists more than
// MaxTools tools.
var errTooManyTools = fmt.Errorf("more than %d tools, the limit of a snapshot", MaxTools)

// layout says whether the text of a lock file is already compact.
type layout bool

const (
	asWritten layout = false
	compacted layout = true
)

func decode(b []byte, text layout) (Snapshot, error) {
	var s Snapshot
	version := -1
	tools := 0 // read so far, of every server
	dec := newDecoder(b)
	err := eachMember(dec, func(name string) error {
		switch name {
		case "mcpeek_snapshot":
			v, err := dec.ReadValue()
			if err != nil {
				return err
			}
			if version, err = strconv.Atoi(string(v)); err != nil {
				return fmt.Errorf(`"mcpeek_snapshot" is %s, not a format number`, v)
			}
			return nil
		case "servers":
			return eachItem(dec, func() error {
				srv, err := decodeServer(dec, text, &tools)
				s.Servers = append(s.Servers, srv)
				return err
			})
		}
		return dec.SkipValue()
	})
	switch {
	case errors.Is(err, errTooManyTools):
		return Snapshot{}, err
	case err != nil:
		return Snapshot{}, fmt.Errorf("not a snapshot: %w", err)
	case version < 0:
		return Snapshot{}, errors.New(`not a snapshot: no "mcpeek_snapshot" member (write one with mcpeek snapshot)`)
	case version != FormatVersion:
		return Snapshot{}, fmt.Errorf("snapshot format %d is not supported (this mcpeek reads format %d)", version, FormatVersion)
	}
	return s, nil
}

// decodeServer reads one server; tools counts the tools read, of this
// server and those before, which MaxTools bounds.
func decodeServer(dec *jsontext.Decoder, text layout, tools *int) (Server, error) {
	var srv Server
	err := eachMember(dec, func(name string) (err error) {
		switch name {
		case "name":
			srv.Name, err = readString(dec)
		case "protocol_version":
			srv.ProtocolVersion, err = readString(dec)
		case "server_info":
			err = eachMember(dec, func(name string) (err error) {
				switch name {
				case "name":
					srv.Implementation.Name, err = readString(dec)
				case "version":
					srv.Implementation.Version, err = readString(dec)
				default:
					err = dec.SkipValue()
				}
				return err
			})
		case "capabilities":
			srv.Whole = true
			srv.Capabilities = []string{}
			err = eachItem(dec, func() error {
				c, err := readString(dec)
				srv.Capabilities = append(srv.Capabilities, c)
				return err
			})
		case "resource_templates", "prompts":
			var raws []json.RawMessage
			err = eachItem(dec, func() error {
				v, err := dec.ReadValue()
				raws = append(raws, json.RawMessage(v))
				return err
			})
			if name == "prompts" {
				srv.Prompts = entries(raws)
			} else {
				srv.ResourceTemplates = entries(raws)
			}
		case "tools":
			// The definitions are read here, then parsed on every core; a
			// tool's fault is told before a syntax error after it.
			var raws []jsontext.Value
			err = eachItem(dec, func() error {
				if *tools++; *tools > MaxTools {
					return errTooManyTools
				}
				v, err := dec.ReadValue()
				if err == nil {
					raws = append(raws, v)
				}
				return err
			})
			parsed, parseErr := parseTools(srv.Name, raws, len(srv.Tools), text)
			srv.Tools = append(srv.Tools, parsed...)
			err = cmp.Or(parseErr, err)
		default:
			err = dec.SkipValue()
		}
		return err
	})
	if err == nil && srv.Name == "" {
		err = errors.New("a server of the snapshot has no name")
	}
	for i := range srv.Tools {
		srv.Tools[i].Server = srv.Name // the name may follow the tools
	}
	return srv, err
}

// ParseTool reads one raw tool definition as the client does
// (model.ReadTool), leniently: only an object with a string name is
// required. The schemas and Raw are kept byte for byte, as slices of raw,
// and so are the name, title and description where they can be
// (model.ReadToolSharing): raw must not change afterwards.
func ParseTool(server string, raw []byte) (model.Tool, error) {
	dec := newDecoder(raw)
	t, err := model.ReadToolSharing(dec, raw)
	switch {
	case err != nil:
		return model.Tool{}, fmt.Errorf("not a tool definition: %w", err)
	case t.Name == "":
		return model.Tool{}, errors.New("a tool definition has no name")
	}
	t.Server = server
	return t, nil
}

// member returns the compacted value of a top-level member of a JSON
// object, or nil.
func member(raw []byte, want string) []byte {
	var found []byte
	dec := newDecoder(raw)
	_ = eachMember(dec, func(name string) error {
		if name != want {
			return dec.SkipValue()
		}
		v, err := readRaw(dec)
		found = compact(v)
		return err
	})
	return found
}

// newDecoder reads JSON as leniently as the schema reader: duplicate names
// and invalid UTF-8 are a server's fault a reader can live with. It reads
// b in place (a bytes.Buffer is not copied), so the values it returns are
// slices of b.
func newDecoder(b []byte) *jsontext.Decoder {
	return jsontext.NewDecoder(bytes.NewBuffer(b), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
}

// eachMember reads an object, calling f after each member name; f must
// read or skip the member's value.
func eachMember(dec *jsontext.Decoder, f func(name string) error) error {
	if tok, err := dec.ReadToken(); err != nil {
		return err
	} else if tok.Kind() != '{' {
		return fmt.Errorf("want an object, found %s", tok.Kind())
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if err := f(name.String()); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

// eachItem reads an array, calling f to read each element.
func eachItem(dec *jsontext.Decoder, f func() error) error {
	if tok, err := dec.ReadToken(); err != nil {
		return err
	} else if tok.Kind() != '[' {
		return fmt.Errorf("want an array, found %s", tok.Kind())
	}
	for dec.PeekKind() != ']' {
		if err := f(); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

func readString(dec *jsontext.Decoder) (string, error) {
	tok, err := dec.ReadToken()
	if err != nil {
		return "", err
	}
	if tok.Kind() != '"' {
		return "", fmt.Errorf("want a string, found %s", tok.Kind())
	}
	return tok.String(), nil
}

// readRaw returns the next value's bytes (a slice of the decoder's
// input), or nil for null.
func readRaw(dec *jsontext.Decoder) (json.RawMessage, error) {
	v, err := dec.ReadValue()
	if err != nil || v.Kind() == 'n' {
		return nil, err
	}
	return json.RawMessage(v), nil
}

func nonNull(m json.RawMessage) json.RawMessage {
	if len(m) == 0 || string(m) == "null" {
		return nil
	}
	return m
}
