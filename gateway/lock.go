package gateway

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"mcpeek/internal/shellword"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

// CodeToolChanged: the op's definition differs from the lock file (or the
// op is not in it), so the gateway holds it back until it is approved.
const CodeToolChanged Code = "TOOL_CHANGED"

// LockAllow says which differences from the lock a pinned gateway lets
// through.
type LockAllow string

// The lock's strictness.
const (
	// LockExact serves a tool only while its definition is the lock's,
	// canonicalised: members in any order, white space and number
	// spellings aside (model.SameDefinition). Any other difference holds
	// it back, an inlined $ref or a changed example as much as a new type.
	LockExact LockAllow = "none"
	// LockCompatible also serves a tool whose changes are all compatible
	// for callers, except any change of words (a title, a description, a
	// field's description, what diff does not classify), of annotations or
	// of _meta: words are how poisoning arrives, annotations are what the
	// policy trusts, _meta is what clients act on.
	LockCompatible LockAllow = "compatible"
)

// ParseLockAllow reads --lock-allow; "" is LockExact.
func ParseLockAllow(s string) (LockAllow, error) {
	switch LockAllow(s) {
	case "", LockExact:
		return LockExact, nil
	case LockCompatible:
		return LockCompatible, nil
	}
	return "", fmt.Errorf("unknown lock strictness %q (want none or compatible)", s)
}

// LockOptions pin a gateway's tools to a lock file (a `mcpeek snapshot`).
type LockOptions struct {
	// Path is the lock file. The gateway reads it at start (a missing or
	// damaged file is an error) and again whenever it changes on disk.
	Path string
	// Allow is LockExact (default) or LockCompatible.
	Allow LockAllow
	// Poll is how often the file is checked for changes (default 1 s).
	Poll time.Duration
	// Sources are the command-line flags naming the servers the gateway
	// runs with ("--config", FILE or "--url", URL; none for the default
	// config). The approve command a held-back tool answers with carries
	// them, with the lock file, so that it reads what the gateway reads.
	Sources []string
}

// pinning is one reading of the lock file: what each op must be.
type pinning struct {
	path  string
	allow LockAllow
	// approveFlags end the approve command: the lock file and the sources
	// (LockOptions.Sources), as shell words after a space.
	approveFlags string
	stamp        fileStamp
	tools        map[model.ToolID]model.Tool // as locked
	// servers are the servers the lock names, each with its tools' ids.
	servers map[string][]model.ToolID
	// verdicts remember each op's judgement for the definition judged, so
	// that a rebuild judges only what changed. rebuild holds regMu.
	verdicts map[model.ToolID]verdict
}

type verdict struct {
	raw  []byte
	held *heldOp // nil: served
}

// heldOp is a tool the lock holds back.
type heldOp struct {
	id model.ToolID
	// isNew: the lock does not have the tool at all.
	isNew   bool
	changes []schemadiff.Change
}

// fileStamp tells that a file changed without reading it.
type fileStamp struct {
	size int64
	mod  time.Time
}

func stampOf(path string) (fileStamp, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{}, err
	}
	return fileStamp{size: fi.Size(), mod: fi.ModTime()}, nil
}

// readPinning reads the lock file at path.
func readPinning(path string, allow LockAllow) (*pinning, error) {
	stamp, err := stampOf(path)
	if err != nil {
		return nil, fmt.Errorf("the lock file: %w", err)
	}
	snap, err := schemadiff.ReadFile(path, 0)
	if err != nil {
		return nil, fmt.Errorf("the lock file: %w", err)
	}
	p := &pinning{path: path, allow: allow, stamp: stamp, tools: map[model.ToolID]model.Tool{},
		servers: map[string][]model.ToolID{}, verdicts: map[model.ToolID]verdict{}}
	for _, s := range snap.Servers {
		p.servers[s.Name] = []model.ToolID{}
		for _, t := range s.Tools {
			t.Server = s.Name
			p.tools[t.ID()] = t
			p.servers[s.Name] = append(p.servers[s.Name], t.ID())
		}
	}
	return p, nil
}

// judge returns why the lock holds t back, or nil when t may be served.
// Its cost is a map lookup when t was judged before as it is.
func (p *pinning) judge(t model.Tool) *heldOp {
	id := t.ID()
	if v, ok := p.verdicts[id]; ok && bytes.Equal(v.raw, t.Raw) {
		return v.held
	}
	held := p.judgeAnew(id, t)
	p.verdicts[id] = verdict{raw: t.Raw, held: held}
	return held
}

func (p *pinning) judgeAnew(id model.ToolID, t model.Tool) *heldOp {
	locked, ok := p.tools[id]
	one := func(tools ...model.Tool) schemadiff.Snapshot {
		return schemadiff.Snapshot{Servers: []schemadiff.Server{{Name: t.Server, Tools: tools}}}
	}
	if !ok {
		return &heldOp{id: id, isNew: true, changes: schemadiff.Diff(one(), one(t))}
	}
	if model.SameDefinition(locked.Raw, t.Raw) {
		return nil
	}
	// Any other difference holds the tool back. diff lists a change for
	// every difference; should it ever list none, the pin still holds.
	changes := schemadiff.Diff(one(locked), one(t))
	if len(changes) == 0 {
		changes = []schemadiff.Change{{Tool: id, Class: schemadiff.Compatible, Kind: schemadiff.DefinitionChanged,
			Detail: "the definition differs from the lock's"}}
	}
	if p.allow == LockCompatible && allCompatible(changes) {
		return nil
	}
	return &heldOp{id: id, changes: changes}
}

// allCompatible reports whether every change is compatible, none changes
// words, annotations or _meta, and none is a difference diff does not
// classify (an example, a default, an unknown keyword...): those are read
// by the model as words are, and _meta is what clients act on (UI
// templates, vendor switches).
func allCompatible(changes []schemadiff.Change) bool {
	for _, c := range changes {
		if c.Class != schemadiff.Compatible || wordsOrHints(c.Kind) {
			return false
		}
	}
	return true
}

func wordsOrHints(k schemadiff.Kind) bool {
	switch k {
	case schemadiff.TitleChanged, schemadiff.DescriptionChanged, schemadiff.AnnotationsChanged, schemadiff.MetaChanged,
		schemadiff.InputDescription, schemadiff.OutputDescription, schemadiff.DefinitionChanged:
		return true
	}
	return false
}

// pin splits servers into what is served and what is held back, and
// finds the ops of the lock that a connected server no longer lists. A
// server that is not connected removes nothing: its tools are unknown,
// not gone.
func (p *pinning) pin(servers []model.Server) (served []model.Server, held map[model.ToolID]*heldOp, removed map[model.ToolID]bool) {
	held, removed = map[model.ToolID]*heldOp{}, map[model.ToolID]bool{}
	for _, s := range servers {
		listed := make(map[model.ToolID]bool, len(s.Tools))
		var keep []model.Tool
		for _, t := range s.Tools {
			listed[t.ID()] = true
			if h := p.judge(t); h != nil {
				held[h.id] = h
				continue
			}
			keep = append(keep, t)
		}
		s.Tools = keep
		served = append(served, s)
		if s.State != model.StateConnected {
			continue
		}
		for _, id := range p.servers[s.Name] {
			if !listed[id] {
				removed[id] = true
			}
		}
	}
	return served, held, removed
}

// pinnedError is the answer for an op the lock holds back or that is gone
// since the lock, named by its wire id (read as Registry.Op reads one);
// nil for any other name.
func (r *Registry) pinnedError(name string) *Error {
	id, ok := model.ParseToolID(name, slices.Values(r.Groups), func(id model.ToolID) bool { return r.held[id] != nil || r.removed[id] })
	if !ok {
		return nil
	}
	return r.pinnedErrorOf(id)
}

// pinnedErrorOf is the answer for an op the lock holds back or that is
// gone since the lock; nil for any other tool.
func (r *Registry) pinnedErrorOf(id model.ToolID) *Error {
	if r.lockPath == "" {
		return nil
	}
	if h, ok := r.held[id]; ok {
		return h.error(r.lockPath, r.approveFlags)
	}
	if server := id.Server; r.removed[id] {
		return fail(CodeNotFound, server, map[string]any{"lock": r.lockPath, "did_you_mean": []string{}},
			"%s was removed since the lock: its server no longer lists it (%s still pins it); tool_help(%q) lists what the server offers now",
			id, r.lockPath, server)
	}
	return nil
}

// approveFlags are the flags ending the approve command of a gateway
// with these options: the lock file, absolute so that the command works
// from any folder, and the sources.
func approveFlags(lo *LockOptions) string {
	lock, err := filepath.Abs(lo.Path)
	if err != nil {
		lock = lo.Path
	}
	args := append([]string{"--lock", lock}, lo.Sources...)
	return " " + shellword.Join(args...)
}

func (h *heldOp) error(lockPath, approveFlags string) *Error {
	server := h.id.Server
	approve := "mcpeek lock update " + shellword.Quote(h.id.String()) + approveFlags
	details := map[string]any{"changes": h.changes, "lock": lockPath, "approve": approve}
	if h.isNew {
		return fail(CodeToolChanged, server, details,
			"%s is held back: it is new since the lock %s, and the gateway serves only approved tools until someone reviews it (`%s`); tool_help(%q) lists the tools served",
			h.id, lockPath, approve, server)
	}
	breaking := 0
	for _, c := range h.changes {
		if c.Class == schemadiff.Breaking {
			breaking++
		}
	}
	return fail(CodeToolChanged, server, details,
		"%s is held back: its definition changed since the lock %s (%s, %d breaking; details.changes lists them), and the gateway serves only approved definitions until someone reviews it (`%s`); tool_help(%q) lists the tools served",
		h.id, lockPath, plural(len(h.changes), "change", "changes"), breaking, approve, server)
}

// LockHealth is what a lock file does, in tool_help(""): how many ops it
// holds back (changed or new since the lock) and finds removed.
type LockHealth struct {
	Held    int `json:"held"`
	Removed int `json:"removed"`
}

func (r *Registry) lockHealth() *LockHealth {
	if r.lockPath == "" {
		return nil
	}
	return &LockHealth{Held: len(r.held), Removed: len(r.removed)}
}
