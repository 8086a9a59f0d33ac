package model

import "testing"

// TestEqualByMeaning: members in any order, numbers by value, the last of
// a duplicated name; array order and kinds count.
func TestEqualByMeaning(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{`{"a":1,"b":2}`, `{"b":2,"a":1}`, true},
		{`{"a":{"x":[1,{"y":null}]}}`, `{"a":{"x":[1.0,{"y":null}]}}`, true},
		{`[1,2]`, `[2,1]`, false},
		{`1`, `1.0`, true},
		{`100`, `1e2`, true},
		{`0.5`, `5E-1`, true},
		{`-0`, `0`, true},
		{`1e999999999`, `1e999999999`, true},
		{`1e999999999`, `1e999999998`, false},
		{`1`, `"1"`, false},
		{`{"a":1,"a":2}`, `{"a":2}`, true},
		{`{"a":1}`, `{"a":1,"b":null}`, false},
		{`"\u0041"`, `"A"`, true},
		{`null`, `false`, false},
	} {
		a, err := DecodeJSON([]byte(tc.a))
		if err != nil {
			t.Fatal(err)
		}
		b, err := DecodeJSON([]byte(tc.b))
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Equal(b); got != tc.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if same := string(a.AppendCanonical(nil)) == string(b.AppendCanonical(nil)); same != tc.want {
			t.Errorf("canonical texts of %s and %s: same = %v, want %v", tc.a, tc.b, same, tc.want)
		}
	}
}

func TestCanonicalNumber(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"0": "0", "-0.0": "0", "1": "1", "10": "1e1", "1.50": "15e-1", "-2.5e+3": "-25e2",
		"0.001": "1e-3", "12345": "12345", "not": "not", "1e": "1e", "1e99999999999999999999": "1e99999999999999999999",
	} {
		if got := CanonicalNumber(in); got != want {
			t.Errorf("CanonicalNumber(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEqualJSON(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{`{"a":1,"b":2}`, `{"b":2,"a":1}`, true},
		{`[1, 1.0]`, `[1.0,10e-1]`, true},
		{`12345678901234567890`, `12345678901234567891`, false},
		{``, ``, true},
		{``, `null`, false},
		{`not json`, `not json`, true},
		{`not json`, `"not json"`, false},
	} {
		if got := EqualJSON([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("EqualJSON(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestSameTextCountsDuplicates: SameText is Equal, but a name written twice
// counts each time, in its order; members otherwise in any order.
func TestSameTextCountsDuplicates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{`{"a":1,"b":{"c":[1,2.0]}}`, `{"b":{"c":[1.0,2]},"a":1}`, true},
		{`{"a":1,"a":2}`, `{"a":2}`, false},
		{`{"a":1,"a":2}`, `{"a":2,"a":1}`, false},
		{`{"a":1,"b":0,"a":2}`, `{"a":1,"a":2,"b":0}`, true},
		{`[{"x":"s","x":"t"}]`, `[{"x":"s","x":"t"}]`, true},
		{`"x"`, `"y"`, false},
	} {
		if got := SameDefinition([]byte(tc.a), []byte(tc.b)); got != tc.want {
			t.Errorf("SameDefinition(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
