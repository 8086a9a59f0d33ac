package toollist

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/kit"
)

// Key moves through the list, folds and unfolds servers, and hands back
// what the root does next: kit.ShowSelected when the cursor or the rows
// changed, kit.StartCopy (y), kit.OpenFieldSearch (the field search),
// kit.FocusView (unfold on a tool), or nil for a key it does not take.
func (l *List[O]) Key(msg tea.KeyPressMsg, k *kit.KeyMap, servers []model.Server, info InfoOf) kit.Action {
	switch {
	case key.Matches(msg, k.Down):
		l.move(1)
	case key.Matches(msg, k.Up):
		l.move(-1)
	case key.Matches(msg, k.PageDown):
		l.move(l.height)
	case key.Matches(msg, k.PageUp):
		l.move(-l.height)
	case key.Matches(msg, k.Top):
		l.move(-len(l.rows))
	case key.Matches(msg, k.Bottom):
		l.move(len(l.rows))
	case key.Matches(msg, k.NextSibling):
		l.moveToServer(1)
	case key.Matches(msg, k.PrevSibling):
		l.moveToServer(-1)
	case key.Matches(msg, k.Copy):
		return kit.StartCopy{}
	case key.Matches(msg, k.FindField):
		return kit.OpenFieldSearch{}
	case key.Matches(msg, k.Fold):
		return l.fold(servers, info)
	case key.Matches(msg, k.Unfold), key.Matches(msg, k.Toggle):
		return l.unfold(servers, info, key.Matches(msg, k.Unfold))
	default:
		return nil
	}
	return kit.ShowSelected{}
}

// fold goes up from a tool to its server, and folds a server's tools
// away (not under a filter, which shows every match).
func (l *List[O]) fold(servers []model.Server, info InfoOf) kit.Action {
	r, ok := l.Row()
	if !ok {
		return nil
	}
	if r.Tool >= 0 {
		l.UpToServer()
	} else if l.filter == "" {
		l.folded[servers[r.Server].Name] = true
		l.Rebuild(servers, info)
	}
	return kit.ShowSelected{}
}

// unfold shows a folded server's tools; on a tool it goes to the tool's
// view, and on an unfolded server down to its first row (down, not for
// the toggle key).
func (l *List[O]) unfold(servers []model.Server, info InfoOf, down bool) kit.Action {
	r, ok := l.Row()
	if !ok {
		return nil
	}
	if r.Tool >= 0 {
		return kit.FocusView{}
	}
	name := servers[r.Server].Name
	if l.folded[name] {
		delete(l.folded, name)
		l.Rebuild(servers, info)
	} else if down {
		l.move(1)
	}
	return kit.ShowSelected{}
}
