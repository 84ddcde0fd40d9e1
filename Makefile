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
	./$(BIN) cases engine/testdata/datc/*.txt variants/character/testdata/cases/*.txt variants/character2/testdata/cases/*.txt

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

# Short fuzz runs of every parser and loader; FUZZTIME=5m for longer.
FUZZTIME ?= 30s
fuzz: deps
	$(GO) test ./engine -run '^$$' -fuzz FuzzParseOrders -fuzztime $(FUZZTIME)
	$(GO) test ./engine -run '^$$' -fuzz FuzzLoadMap -fuzztime $(FUZZTIME)
	$(GO) test ./engine/casefile -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME)
	$(GO) test ./variants/character -run '^$$' -fuzz FuzzCaseBlocks -fuzztime $(FUZZTIME)
	$(GO) test ./variants/character2 -run '^$$' -fuzz FuzzCaseBlocks -fuzztime $(FUZZTIME)
	$(GO) test ./app/store -run '^$$' -fuzz FuzzOpen -fuzztime $(FUZZTIME)
	$(GO) test ./app/lan -run '^$$' -fuzz FuzzDecodeRequest -fuzztime $(FUZZTIME)
	$(GO) test ./variants/character -run '^$$' -fuzz FuzzDecodeExtra -fuzztime $(FUZZTIME)
	$(GO) test ./variants/character2 -run '^$$' -fuzz FuzzDecodeExtra -fuzztime $(FUZZTIME)

datc: build
	./$(BIN) cases engine/testdata/datc/*.txt

clean:
	rm -rf bin
