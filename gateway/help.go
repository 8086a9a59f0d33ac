package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"mcpeek/internal/similar"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// helpRequest is tool_help's arguments (defaults already applied).
type helpRequest struct {
	Path            string `json:"path"`
	Format          string `json:"format"`
	IncludeExamples bool   `json:"include_examples"`
	IncludeSchemas  bool   `json:"include_schemas"`
}

// GroupInfo is one group of the root help answer.
type GroupInfo struct {
	Group     string `json:"group"`
	Summary   string `json:"summary"`
	Ops       int    `json:"ops"`
	Health    Health `json:"health"`
	LastError string `json:"last_error,omitempty"`
	// Sandbox says what the sandbox the group's server runs in enforces,
	// when it runs in one.
	Sandbox string `json:"sandbox,omitempty"`
}

// rootHelp is tool_help("").
type rootHelp struct {
	Path            string      `json:"path"`
	Groups          []GroupInfo `json:"groups"`
	Next            string      `json:"next"`
	RegistryVersion string      `json:"registry_version"`
	// Store is the shared store's health, when replicas share one.
	Store *StoreHealth `json:"store,omitempty"`
	// Lock says how many ops the lock file holds back, when there is one.
	Lock *LockHealth `json:"lock,omitempty"`
}

// OpSummary is one line of a group listing.
type OpSummary struct {
	Op      string `json:"op"`
	Summary string `json:"summary"`
	Kind    Kind   `json:"kind"`
}

// SubGroupInfo is one sub-group of a large group.
type SubGroupInfo struct {
	Path string `json:"path"`
	Ops  int    `json:"ops"`
}

// groupHelp is tool_help("<group>") or tool_help("<group>.<word>").
type groupHelp struct {
	Path            string         `json:"path"`
	Group           string         `json:"group"`
	Summary         string         `json:"summary,omitempty"`
	Health          Health         `json:"health"`
	LastError       string         `json:"last_error,omitempty"`
	Ops             []OpSummary    `json:"ops,omitempty"`
	SubGroups       []SubGroupInfo `json:"subgroups,omitempty"`
	Next            string         `json:"next"`
	RegistryVersion string         `json:"registry_version"`
}

// Arg is one argument of an op.
type Arg struct {
	Name        string          `json:"name"`
	Type        string          `json:"type"`
	Required    bool            `json:"required"`
	Default     json.RawMessage `json:"default,omitempty"`
	Description string          `json:"description,omitempty"`
}

// OpPolicy is the do / don't / edge cases of an op.
type OpPolicy struct {
	Do        []string `json:"do"`
	Dont      []string `json:"dont"`
	EdgeCases []string `json:"edge_cases"`
}

// ExecCall is a ready tool_exec call.
type ExecCall struct {
	Op   string          `json:"op"`
	Args json.RawMessage `json:"args"`
}

// opHelp is tool_help("<server>.<tool>").
type opHelp struct {
	Op              string          `json:"op"`
	Summary         string          `json:"summary"`
	Description     string          `json:"description,omitempty"`
	Kind            Kind            `json:"kind"`
	Usage           ExecCall        `json:"usage"`
	Args            []Arg           `json:"args"`
	Notes           []string        `json:"notes"`
	Examples        []ExecCall      `json:"examples,omitempty"`
	Policy          OpPolicy        `json:"policy"`
	OutputFields    []string        `json:"output_fields"`
	HasHiddenFields bool            `json:"has_hidden_fields"`
	InputSchema     json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema    json.RawMessage `json:"outputSchema,omitempty"`
	RegistryVersion string          `json:"registry_version"`
}

// help answers tool_help: the answer's JSON, or an error. Answers are
// cached per registry (so by registry_version) and request; the root answer
// also by the groups' health, which changes without the registry.
func (g *Gateway) help(ctx context.Context, r *Registry, servers []model.Server, req helpRequest) (json.RawMessage, *Error) {
	path := strings.TrimSpace(req.Path)
	if path == "root" {
		path = ""
	}
	key := fmt.Sprintf("%s\x00%s\x00%t\x00%t", path, req.Format, req.IncludeExamples, req.IncludeSchemas)
	var groups []GroupInfo
	if path == "" {
		groups = g.groupInfos(r, servers)
		key += "\x00" + healthKey(groups)
		if sh := g.StoreHealth(); sh != nil {
			key += "\x00" + string(marshal(sh))
		}
	}
	if cached, ok := r.help.Load(key); ok {
		g.helpHits.Add(1)
		return cached.(json.RawMessage), nil
	}
	var answer any
	switch {
	case path == "":
		answer = rootHelp{Path: "", Groups: groups, RegistryVersion: r.Version, Store: g.StoreHealth(), Lock: r.lockHealth(),
			Next: `tool_help("<group>") lists a group's ops; tool_help("<op>") shows how to call one.`}
	case r.opNamed(path) != nil:
		op := r.opNamed(path)
		answer = g.opHelp(r, op, req)
	case r.groups[path] != nil:
		answer = g.groupHelp(r, servers, r.groups[path])
	default:
		return nil, notFoundPath(ctx, r, path)
	}
	b := marshal(answer)
	r.help.Store(key, b)
	return b, nil
}

// HelpCacheHits counts tool_help answers served from the cache.
func (g *Gateway) HelpCacheHits() uint64 { return g.helpHits.Load() }

func (g *Gateway) groupInfos(r *Registry, servers []model.Server) []GroupInfo {
	out := make([]GroupInfo, 0, len(r.Groups))
	for _, grp := range r.Groups {
		h, lastErr := g.groupHealth(grp, servers)
		out = append(out, GroupInfo{
			Group:     grp,
			Summary:   groupSummary(r, grp, servers),
			Ops:       len(r.byGroup[grp]),
			Health:    h,
			LastError: lastErr,
			Sandbox:   sandboxOf(grp, servers),
		})
	}
	return out
}

// sandboxOf is what the sandbox of the group's server enforces, or "".
func sandboxOf(group string, servers []model.Server) string {
	for _, s := range servers {
		if s.Name == group {
			return s.Sandbox
		}
	}
	return ""
}

// groupSummary is one line about a group: the first sentence of the
// server's instructions, or the first few of its tool names.
func groupSummary(r *Registry, group string, servers []model.Server) string {
	if group == ToolboxGroup {
		return "Built-in: inspect a tool's output schema (inspect_tool_output), read a tool's full definition (inspect_tool), search every tool (search_tools)."
	}
	for _, s := range servers {
		if s.Name == group && strings.TrimSpace(s.Instructions) != "" {
			return summarizer.FirstSentence(s.Instructions)
		}
	}
	ops := r.byGroup[group]
	if len(ops) == 0 {
		return "No tools listed yet."
	}
	var names []string
	for i, op := range ops {
		if i == 6 {
			names = append(names, "...")
			break
		}
		names = append(names, op.Tool.Name)
	}
	return "Tools: " + strings.Join(names, ", ")
}

// groupHelp lists a group or sub-group: its sub-groups when it is split,
// else its ops.
func (g *Gateway) groupHelp(r *Registry, servers []model.Server, grp *opGroup) groupHelp {
	h, lastErr := g.groupHealth(grp.group, servers)
	out := groupHelp{Path: grp.path, Group: grp.group, Health: h, LastError: lastErr, RegistryVersion: r.Version,
		Next: `tool_help("<op>") shows an op's arguments, output fields and a ready tool_exec call.`}
	if grp.path == grp.group {
		out.Summary = groupSummary(r, grp.group, servers)
	}
	if len(grp.subs) > 0 {
		for _, sub := range grp.subs {
			out.SubGroups = append(out.SubGroups, SubGroupInfo{Path: sub.path, Ops: len(sub.ops)})
		}
		out.Next = fmt.Sprintf(`%s has %s in %s: tool_help("<sub-group path>") lists one.`, grp.path,
			plural(len(grp.ops), "op", "ops"), plural(len(grp.subs), "sub-group", "sub-groups"))
		return out
	}
	if len(grp.ops) == 0 {
		out.Next = fmt.Sprintf(`%s lists no ops yet (health %s); tool_help("") shows every group.`, grp.group, h)
	}
	out.Ops = make([]OpSummary, 0, len(grp.ops))
	for _, op := range grp.ops {
		out.Ops = append(out.Ops, OpSummary{Op: op.ID, Summary: summarizer.FirstSentence(op.Tool.Description), Kind: op.Kind})
	}
	return out
}

// notFoundPath is NOT_FOUND for a help path or op (or TOOL_CHANGED and
// NOT_FOUND for an op the lock holds back or finds removed): help_path is the longest
// existing prefix, details.did_you_mean the closest names. The message
// repeats the path clipped to maxEcho bytes.
func notFoundPath(ctx context.Context, r *Registry, path string) *Error {
	if e := r.pinnedError(path); e != nil {
		return e
	}
	prefix, candidates := "", append([]string(nil), r.Groups...)
	if grp := r.helpPrefix(path); grp != nil {
		prefix = grp.path
		candidates = candidates[:0]
		for _, sub := range grp.subs {
			candidates = append(candidates, sub.path)
		}
		for _, op := range r.byGroup[grp.group] {
			candidates = append(candidates, op.ID)
		}
	} else {
		for _, op := range r.order {
			candidates = append(candidates, op.ID)
		}
	}
	near := similar.Closest(ctx, path, candidates, 3)
	where := `tool_help("")`
	if prefix != "" {
		where = fmt.Sprintf("tool_help(%q)", prefix)
	}
	msg := fmt.Sprintf("%q is not a group or op; %s lists what exists", clip(path), where)
	if len(near) > 0 {
		msg += fmt.Sprintf(". Did you mean %s?", strings.Join(quoteAll(near), " or "))
	}
	return fail(CodeNotFound, prefix, map[string]any{"did_you_mean": nonNil(near)}, "%s", msg)
}

// plural writes "1 op", "12 ops".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

func nonNil(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}
