package casefile_test

import (
	"testing"

	"dipdesk/engine/casefile"
)

// BenchmarkDATC runs all 164 DATC v3.0 chapter-6 cases per op: setting up
// each position from its parsed case, adjudicating every step and
// comparing the result. Reading and parsing the files is done once,
// outside the timer.
func BenchmarkDATC(b *testing.B) {
	su := standardSetup(b)
	files := loadFiles(b, "../testdata/datc/6*.txt")
	type job struct {
		file string
		c    *casefile.Case
	}
	var jobs []job
	for _, f := range files {
		for _, c := range f.Cases {
			jobs = append(jobs, job{f.Name, c})
		}
	}
	if len(jobs) != 164 {
		b.Fatalf("%d DATC cases, want 164", len(jobs))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, j := range jobs {
			if rep := su.Run(j.file, j.c); !rep.Passed() {
				b.Fatalf("%s failed: %v %v", j.c.Name, rep.Err, rep.Diffs)
			}
		}
	}
}
