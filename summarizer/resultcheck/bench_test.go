package resultcheck

import (
	"encoding/json"
	"testing"

	"mcpeek/assets"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// largeOrder is the demo shop_get_order result with its three line items
// repeated to 600 (ids made distinct): about 3 MB of real, conforming data.
func largeOrder(b *testing.B) []byte {
	b.Helper()
	res, _ := assets.DemoResult("shop_get_order")
	var order map[string]any
	if err := json.Unmarshal(res, &order); err != nil {
		b.Fatal(err)
	}
	items := order["line_items"].([]any)
	var many []any
	for i := range 600 {
		var item map[string]any
		raw, _ := json.Marshal(items[i%len(items)])
		json.Unmarshal(raw, &item)
		item["id"] = 1000000 + i
		many = append(many, item)
	}
	order["line_items"] = many
	out, err := json.Marshal(order)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

func orderTarget(b *testing.B) *Target {
	b.Helper()
	t, err := NewTarget(model.ParseTool(model.Tool{OutputSchema: demoTools(b)["shop_get_order"]}))
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// BenchmarkDecodeStdlib is the baseline: encoding/json into any.
func BenchmarkDecodeStdlib(b *testing.B) {
	data := largeOrder(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecode: the order-keeping reader the check decodes with.
func BenchmarkDecode(b *testing.B) {
	data := largeOrder(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := model.DecodeJSON(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckValue: the overlay alone, on a decoded result.
func BenchmarkCheckValue(b *testing.B) {
	data := largeOrder(b)
	s := orderTarget(b).Schema
	v, _ := model.DecodeJSON(data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if r := CheckValue(s, v, Options{}); r.Breaks() || r.Truncated != "" {
			b.Fatalf("breaks %v, truncated %q", r.Breaks(), r.Truncated)
		}
	}
}

// BenchmarkCheck: decode and overlay, from the bytes.
func BenchmarkCheck(b *testing.B) {
	data := largeOrder(b)
	s := orderTarget(b).Schema
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Check(s, data, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidate: the JSON Schema validator alone (its own decode included).
func BenchmarkValidate(b *testing.B) {
	data := largeOrder(b)
	v := orderTarget(b).Validator
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if errs, _, err := v.Validate(data); err != nil || len(errs) > 0 {
			b.Fatal(err, errs)
		}
	}
}

// BenchmarkTargetCheck: all that `mcpeek call --check` does with a result:
// decode, overlay, folded summary, validator.
func BenchmarkTargetCheck(b *testing.B) {
	data := largeOrder(b)
	t := orderTarget(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if o := t.Check(data, "", Options{}, summarizer.Options{}); o.Breaks() {
			b.Fatal("breaks")
		}
	}
}
