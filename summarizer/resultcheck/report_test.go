package resultcheck

import "testing"

// Place and Share are the pieces every report writes a mark with.
func TestMarkPlaceAndShare(t *testing.T) {
	t.Parallel()
	m := Mark{Path: "items[].price", Kind: TypeMismatch, Expected: "string", Observed: "number", Count: 1, Of: 3}
	if got := m.Place() + m.Share(); got != "items[].price (1 of 3)" {
		t.Errorf("got %q", got)
	}
	env := Mark{Path: "successful", Envelope: true, Kind: MissingRequired, Count: 1, Of: 1}
	if got := env.Place() + env.Share(); got != "(envelope) successful" {
		t.Errorf("got %q", got)
	}
	if got := m.String(); got != "items[].price: type mismatch: expected string, got number (1 of 3)" {
		t.Errorf("String() = %q", got)
	}
}
