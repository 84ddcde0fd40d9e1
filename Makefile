# DipDesk: the two commands a newcomer needs are `make run` and `make test`.
# Both install what is missing first (Debian packages via tools/install-deps.sh,
# Go modules through the module proxy).

GO      ?= go
BIN     := bin/dipdesk
PKGS    := ./...

.PHONY: all deps build run test lint vet fmt-check staticcheck bench fuzz datc clean

all: build

deps:
	@sh tools/install-deps.sh
	@$(GO) mod download

build: deps
	$(GO) build -o $(BIN) .

# Starts the program. Pass arguments with ARGS, e.g. make run ARGS="cases engine/testdata/datc/6a.txt"
run: build
	./$(BIN) $(ARGS)

test: deps lint build
	$(GO) test -count=1 $(PKGS)
	# The static board is drawn on two goroutines: the race detector over
	# the boards with every kind of label and space (a shared font face
	# once raced there and panicked one run in many).
	$(GO) test -race -count=1 -run 'TestLabelsClear|TestGoldenPieces' ./render
	./$(BIN) cases engine/testdata/datc/*.txt variants/character/testdata/cases/*.txt variants/character2/testdata/cases/*.txt variants/questionable/testdata/cases/*.txt

lint: fmt-check vet staticcheck

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet $(PKGS)

staticcheck:
	$(GO) tool staticcheck $(PKGS)

# Benchmarks (figures go in docs/performance.md).
bench: deps
	$(GO) test -run '^$$' -bench . -benchmem ./engine/... ./app/...

# Short fuzz runs of every fuzz target in the tree (every parser and
# loader), found in the test files, so a new target is run without being
# listed here; FUZZTIME=5m for longer, FUZZ=Name to run the targets whose
# name contains Name. A new input found interesting is minimised for at
# most FUZZMINIMIZE.
FUZZTIME ?= 10s
FUZZMINIMIZE ?= 5s
FUZZ ?=
fuzz: deps
	@set -e; n=0; \
	for f in $$(find . -name '*_test.go' -not -path './.*' | sort); do \
		for t in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$f); do \
			case "$$t" in *"$(FUZZ)"*) ;; *) continue ;; esac; \
			echo "== $$(dirname $$f) $$t"; \
			$(GO) test $$(dirname $$f) -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE); \
			n=$$((n+1)); \
		done; \
	done; \
	echo "fuzz: $$n targets ran for $(FUZZTIME) each"

datc: build
	./$(BIN) cases engine/testdata/datc/*.txt

clean:
	rm -rf bin
