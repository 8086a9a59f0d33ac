package summarizer

import (
	"reflect"
	"runtime"
	"testing"

	"mcpeek/model"
)

// TestDescriptorHoldsNoSchema: a descriptor is a value for the edge. It must
// not reach the parsed schema it was made from, or DescribeAll over a big
// server keeps every tool's parsed schema alive until the last descriptor is
// dropped (the explorer does that on connect: 1,223 schemas at once).
func TestDescriptorHoldsNoSchema(t *testing.T) {
	t.Parallel()
	schemaTypes := map[reflect.Type]bool{
		reflect.TypeFor[*model.Node]():   true,
		reflect.TypeFor[*model.Schema](): true,
	}
	seen := map[reflect.Type]bool{}
	var reaches func(reflect.Type, string)
	reaches = func(ty reflect.Type, path string) {
		if schemaTypes[ty] {
			t.Errorf("Descriptor%s is a %s", path, ty)
			return
		}
		if seen[ty] {
			return
		}
		seen[ty] = true
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			reaches(ty.Elem(), path+"[]")
		case reflect.Struct:
			for i := range ty.NumField() {
				reaches(ty.Field(i).Type, path+"."+ty.Field(i).Name)
			}
		}
	}
	reaches(reflect.TypeFor[Descriptor](), "")
}

// BenchmarkDescribeAllHeld1223 reports the live heap held by the
// descriptors of a 1,223-tool server while they are kept (after a full
// collection): what the explorer holds between DescribeAll and dropping
// them.
func BenchmarkDescribeAllHeld1223(b *testing.B) {
	tools := catalogueTools(b, 1223, 40<<10)
	var before, after runtime.MemStats
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&before)
		ds, _ := DescribeAll(tools, Options{})
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(ds)
	}
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "held-MiB")
	b.ReportMetric(0, "ns/op")
}
