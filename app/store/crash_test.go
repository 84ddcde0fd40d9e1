package store

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// crashChildEnv makes the test binary the writer that TestCrash kills.
const crashChildEnv = "DIPDESK_STORE_CRASH_FILE"

// crashState is a ~50 KB position that proves its own integrity: the
// phase's seq, filler derived from it, and the SHA-256 of both.
type crashState struct {
	Seq  int    `json:"seq"`
	Fill string `json:"fill"`
	Sum  string `json:"sum"`
}

// makeCrashState returns the state the writer stores for seq.
func makeCrashState(seq int) []byte {
	fill := strings.Repeat(fmt.Sprintf("%08d", seq*7919), 50*1024/8)
	sum := sha256.Sum256([]byte(strconv.Itoa(seq) + fill))
	b, _ := json.Marshal(crashState{Seq: seq, Fill: fill, Sum: hex.EncodeToString(sum[:])})
	return b
}

// checkCrashState checks a state written by makeCrashState for seq.
func checkCrashState(b []byte, seq int) error {
	var s crashState
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("state of seq %d is not JSON: %v", seq, err)
	}
	sum := sha256.Sum256([]byte(strconv.Itoa(s.Seq) + s.Fill))
	if s.Seq != seq || s.Sum != hex.EncodeToString(sum[:]) {
		return fmt.Errorf("state of seq %d is damaged or belongs to seq %d", seq, s.Seq)
	}
	return nil
}

// TestCrash kills a writer with SIGKILL in the middle of its work: the
// file must open, pass SQLite's checks, and hold complete phases only.
// The later kills come after SQLite's automatic checkpoint (1000 pages of
// WAL, here about 80 phases) has started copying the WAL into the file.
func TestCrash(t *testing.T) {
	for _, killAfter := range []int{20, 85, 170} {
		t.Run(strconv.Itoa(killAfter), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "crash.dipdesk")
			committed := runAndKill(t, path, killAfter)
			checkAfterCrash(t, path, committed)
		})
	}
}

// runAndKill starts crashWriter on path and kills it with SIGKILL a
// moment after it reports killAfter commits. It returns the last commit
// the writer reported.
func runAndKill(t *testing.T, path string, killAfter int) int {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The child prints "seq N" after each commit.
	lines := bufio.NewScanner(stdout)
	committed := -1
	deadline := time.Now().Add(3 * time.Second)
	for committed < killAfter && time.Now().Before(deadline) && lines.Scan() {
		if n, err := strconv.Atoi(strings.TrimPrefix(lines.Text(), "seq ")); err == nil {
			committed = n
		}
	}
	time.Sleep(time.Duration(killAfter%7) * time.Millisecond)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if committed < 1 {
		t.Fatalf("the writer committed nothing")
	}
	return committed
}

// checkAfterCrash opens the file a killed writer left and checks it.
func checkAfterCrash(t *testing.T, path string, committed int) {
	f, err := Open(path)
	if err != nil {
		t.Fatalf("Open after the crash: %v", err)
	}
	defer f.Close()
	db, _ := f.conn()
	if problems, err := integrityCheck(db); err != nil || problems != "" {
		t.Fatalf("integrity_check: %q, %v", problems, err)
	}
	cur := mustCurrent(t, f)
	if cur.Seq < committed {
		t.Errorf("current seq %d, but the writer had committed %d", cur.Seq, committed)
	}
	if err := checkCrashState(cur.State, cur.Seq); err != nil {
		t.Error(err)
	}
	phases, err := f.Phases(false)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range phases {
		if p.Seq != i || (i < len(phases)-1) != p.Adjudicated {
			t.Errorf("phase %d: %s", i, short(p))
		}
		if i > 0 {
			if err := checkCrashState(p.State, p.Seq); err != nil {
				t.Error(err)
			}
		}
	}
	t.Logf("killed after %d commits; the file holds %d phases", committed, len(phases))
}

// crashWriter is TestCrash's child (see TestMain): it writes phases as
// fast as it can until it is killed.
func crashWriter(path string) int {
	f, err := Create(path, testGame(), Phase{Name: "P0", State: []byte(`{"seq":0}`)})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	res := results(30)
	for seq := 1; seq < 10000; seq++ {
		cur, err := f.Current()
		if err == nil {
			_, err = f.Adjudicated(cur.ID, res, nil, Phase{Name: fmt.Sprintf("P%d", seq), State: makeCrashState(seq)})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Printf("seq %d\n", seq)
	}
	return 0
}
