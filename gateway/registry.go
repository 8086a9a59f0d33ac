package gateway

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"iter"
	"slices"
	"strings"
	"sync"

	"mcpeek/model"
)

// ToolboxGroup is the built-in group of ops that need no upstream.
const ToolboxGroup = "toolbox"

// Kind says whether an op only reads.
type Kind string

// The kinds of ops.
const (
	KindRead  Kind = "read"
	KindWrite Kind = "write"
)

// Op is one operation of the registry: an upstream tool, or a toolbox op.
type Op struct {
	// ID is the op's id on the wire, "<server>.<tool>": its tool's
	// model.ToolID written out. Registry.Op reads one back.
	ID string
	// Server is the group: the upstream's config name, or "toolbox".
	Server string
	// Tool is the definition, byte for byte as the upstream listed it.
	Tool model.Tool
	// Kind is read when the annotations say readOnlyHint: true.
	Kind Kind
	// Hints are the tool's behaviour annotations.
	Hints Hints
	// Direct is the op's tool name in direct mode: "<server>__<tool>".
	Direct string

	schemas *opSchemas // compiled lazily, shared across registries
}

// Hints are MCP tool annotations; nil means the tool did not say.
type Hints struct {
	ReadOnly    *bool `json:"readOnlyHint"`
	Destructive *bool `json:"destructiveHint"`
	Idempotent  *bool `json:"idempotentHint"`
	OpenWorld   *bool `json:"openWorldHint"`
}

// Registry is an immutable snapshot of every op and its version. A new one
// is built whenever an upstream's tools or the policy change.
type Registry struct {
	// Version is registry_version: 12 hex digits of SHA-256 over the
	// canonical registry.
	Version string
	// Groups are the upstream server names, sorted, then "toolbox".
	Groups []string

	ops      map[model.ToolID]*Op // by the tool's id, so two ops whose wire ids read alike stay apart
	byGroup  map[string][]*Op     // in the server's order
	byDirect map[string]*Op
	groups   map[string]*opGroup // groups and sub-groups by help path
	// longestGroup is the length of the longest group or sub-group path.
	longestGroup int
	order        []*Op // groups in order, ops in the server's order
	sources      map[string][]model.Tool
	policy       Policy
	help         sync.Map // help cache: key -> json.RawMessage

	// lockPath, held and removed are what the lock file did: the ops it
	// holds back and the ops gone since it ("" and empty without a lock).
	lockPath string
	// approveFlags end the command that approves a held-back op.
	approveFlags string
	held         map[model.ToolID]*heldOp
	removed      map[model.ToolID]bool
}

// Op returns the op with the given wire id, "<server>.<tool>", read by
// model.ParseToolID against the registry's ops: a server name or a tool
// name may hold dots, and when two ops' ids read alike (server "a.b"'s
// tool "c.d", server "a"'s tool "b.c.d") the text names the one whose
// server's name is longer; the other is still reached by its direct-mode
// name, which is unique.
func (r *Registry) Op(id string) (*Op, bool) {
	key, ok := model.ParseToolID(id, slices.Values(r.Groups), r.has)
	if !ok {
		return nil, false
	}
	return r.ops[key], true
}

// opNamed is the op a name given to tool_help names: an op id (Op) or a
// direct-mode name; nil for neither.
func (r *Registry) opNamed(name string) *Op {
	if op, ok := r.Op(name); ok {
		return op
	}
	return r.byDirect[name]
}

// has reports whether the registry holds an op for id.
func (r *Registry) has(id model.ToolID) bool { return r.ops[id] != nil }

// Ops returns every op: groups in order, each group's ops in its server's
// order.
func (r *Registry) Ops() []*Op { return slices.Clone(r.order) }

// GroupOps returns one group's ops in its server's order.
func (r *Registry) GroupOps(group string) []*Op { return r.byGroup[group] }

// buildRegistry makes the registry of servers under policy and, when pin is
// not nil, the lock file. prev, when not nil, lends its compiled schemas to
// ops whose definitions did not change.
func buildRegistry(servers []model.Server, policy Policy, prev *Registry, pin *pinning) *Registry {
	r := &Registry{
		ops:      map[model.ToolID]*Op{},
		byGroup:  map[string][]*Op{},
		byDirect: map[string]*Op{},
		groups:   map[string]*opGroup{},
		sources:  map[string][]model.Tool{},
		policy:   policy,
	}
	for _, s := range servers {
		if s.Name != ToolboxGroup {
			r.sources[s.Name] = s.Tools // as listed, for stale
		}
	}
	if pin != nil {
		r.lockPath, r.approveFlags = pin.path, pin.approveFlags
		servers, r.held, r.removed = pin.pin(servers)
	}
	sorted := slices.Clone(servers)
	slices.SortFunc(sorted, func(a, b model.Server) int { return strings.Compare(a.Name, b.Name) })
	for _, s := range sorted {
		if s.Name == ToolboxGroup {
			continue // the built-in group wins the name
		}
		r.Groups = append(r.Groups, s.Name)
		for _, t := range s.Tools {
			if !t.HeaderFault.IsZero() {
				continue // clients drop it (x-mcp-header): never offered, never forwarded
			}
			r.add(newOp(t), prev)
		}
	}
	r.Groups = append(r.Groups, ToolboxGroup)
	for _, t := range toolboxTools() {
		r.add(newOp(t), prev)
	}
	for _, grp := range r.Groups {
		splitGroup(grp, grp, r.byGroup[grp], r.groups)
	}
	for path := range r.groups {
		r.longestGroup = max(r.longestGroup, len(path))
	}
	assignDirectNames(r.order)
	for _, op := range r.order {
		r.byDirect[op.Direct] = op
	}
	r.Version = registryVersion(sorted, policy)
	return r
}

func (r *Registry) add(op *Op, prev *Registry) {
	key := op.Tool.ID()
	if _, dup := r.ops[key]; dup {
		return // a server listing one name twice: the first wins
	}
	if prev != nil {
		if old, ok := prev.ops[key]; ok && bytes.Equal(old.Tool.Raw, op.Tool.Raw) {
			op.schemas = old.schemas
		}
	}
	r.ops[key] = op
	r.byGroup[op.Server] = append(r.byGroup[op.Server], op)
	r.order = append(r.order, op)
}

func newOp(t model.Tool) *Op {
	op := &Op{ID: t.ID().String(), Server: t.Server, Tool: t, Kind: KindWrite, schemas: newOpSchemas(t)}
	var def struct {
		Annotations Hints `json:"annotations"`
	}
	_ = json.Unmarshal(t.Raw, &def)
	op.Hints = def.Annotations
	if op.Hints.ReadOnly != nil && *op.Hints.ReadOnly {
		op.Kind = KindRead
	}
	return op
}

// registryVersion hashes the canonical registry: servers sorted by name,
// each tool's raw definition in the server's order, then the policy.
func registryVersion(sorted []model.Server, policy Policy) string {
	h := sha256.New()
	for _, s := range sorted {
		if s.Name == ToolboxGroup {
			continue
		}
		writeField(h, "server", []byte(s.Name))
		for _, t := range s.Tools {
			writeField(h, "tool", t.Raw)
		}
	}
	p, _ := json.Marshal(policy)
	writeField(h, "policy", p)
	sum := h.Sum(nil)
	return hex.EncodeToString(sum[:6])
}

// writeField writes a tagged, length-prefixed field, so that no two
// registries hash the same bytes.
func writeField(h interface{ Write([]byte) (int, error) }, tag string, b []byte) {
	var n [8]byte
	l := uint64(len(b))
	for i := range n {
		n[i] = byte(l >> (8 * i))
	}
	h.Write([]byte(tag))
	h.Write(n[:])
	h.Write(b)
}

// stale reports whether lists (each server's name and tools) holds other
// tools than the registry was built from. Listings are compared by identity
// of their bytes, which the Manager keeps until the server lists again:
// cheap enough for every call.
func (r *Registry) stale(lists iter.Seq2[string, []model.Tool]) bool {
	n := 0
	for name, tools := range lists {
		if name == ToolboxGroup {
			continue
		}
		n++
		old, ok := r.sources[name]
		if !ok || len(old) != len(tools) {
			return true
		}
		for i := range old {
			a, b := old[i].Raw, tools[i].Raw
			if len(a) != len(b) || (len(a) > 0 && &a[0] != &b[0]) {
				return true
			}
		}
	}
	return n != len(r.sources)
}
