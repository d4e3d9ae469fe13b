# ratnik: `make` builds ./ratnik; `make run` starts it; `make test` proves it.
ifeq ($(origin CC),default)
CC = gcc
endif
PREFIX ?= /usr/local
# Where `make install` puts the opening books and the web board's files; the
# engine looks there after book/ (and protocol/web/www/) beside the binary
# and ./book/ (give the same PREFIX to make and install).
DATADIR ?= $(PREFIX)/share/ratnik
ARCH ?=
PKGS = libevent libevent_pthreads check

WARN    = -Wall -Wextra -Werror -Wmissing-prototypes
CSTD    = -std=c11 -D_GNU_SOURCE
OPT     ?= -O3
ARCHFLAG = $(if $(filter native,$(ARCH)),-march=native,$(if $(ARCH),-march=$(ARCH),))
CFLAGS_ALL = $(CSTD) $(WARN) $(OPT) $(ARCHFLAG) -pthread -DRATNIK_DATADIR='"$(DATADIR)"' $(EXTRA_CFLAGS)
LDLIBS_ALL = -pthread -lm

BUILD   ?= build/release
SRC     = $(sort $(wildcard engine/*.c variants/*.c search/*.c search/nnue/*.c protocol/*.c protocol/*/*.c book/*.c))
MAIN    = protocol/main.c
LIBSRC  = $(filter-out $(MAIN),$(SRC))
TESTSRC = $(sort $(wildcard tests/*.c))
OBJ     = $(SRC:%.c=$(BUILD)/%.o)
LIBOBJ  = $(LIBSRC:%.c=$(BUILD)/%.o)
TESTOBJ = $(TESTSRC:%.c=$(BUILD)/%.o)

# libevent and check come from pkg-config when it knows them.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs libevent libevent_pthreads 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null)

.PHONY: net books book-epds all run web run-web test rules-check deps bench bench-check clean install uninstall debug sanitize perft perft-long unit protocol-tests load storm fuzz fuzz-targets valgrind tsan web-test

# OpenBench builds with `make -j EXE=NAME` and runs `./NAME bench`
# (docs/bench.md); plain `make` writes ./ratnik, which every other target
# runs.
EXE ?= ratnik
all: $(EXE)

ratnik $(filter-out ratnik,$(EXE)): $(OBJ)
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(PKG_LIBS) $(LDLIBS_ALL)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(PKG_CFLAGS) -MMD -MP -c $< -o $@

-include $(OBJ:.o=.d) $(TESTOBJ:.o=.d)

# Installs the Debian packages ratnik needs, when they are missing and we are root.
deps:
	@if pkg-config --exists $(PKGS) 2>/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "make deps: installing pkg-config libevent-dev check"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pkg-config libevent-dev check >/dev/null; \
	else echo "make deps: please install pkg-config, libevent-dev and check" >&2; exit 1; fi

run: deps
	@$(MAKE) --no-print-directory ratnik
	@echo "ratnik speaks UCI on stdin/stdout: try 'uci', 'position startpos moves e2e4', 'go perft 4', 'd', 'quit'." >&2
	@./ratnik

# The web board (docs/web.md): the daemon serves the page on WEB_ADDR and
# prints its URL; Ctrl-C stops it.
WEB_ADDR ?= 127.0.0.1:8080
web: deps
	@$(MAKE) --no-print-directory ratnik
	@echo "ratnik: open http://$(WEB_ADDR)/ in a browser; Ctrl-C stops the server" >&2
	@./ratnik --http $(WEB_ADDR)

run-web: web

tests/test_runner: $(LIBOBJ) $(TESTOBJ)
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(CHECK_LIBS) $(PKG_LIBS) $(LDLIBS_ALL)

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(PKG_CFLAGS) -MMD -MP -c $< -o $@

# The whole proof: unit and differential tests, protocol scripts, perft suites.
test: deps
	@$(MAKE) --no-print-directory rules-check
	@$(MAKE) --no-print-directory ratnik tests/test_runner tests/load/storm_client
	./tests/test_runner
	@$(MAKE) --no-print-directory perft
	@$(MAKE) --no-print-directory bench-check

# Rules live in variants/ only: no code in search/, engine/, protocol/ or
# book/ names a registered variant in a strcmp or takes a plugin's address
# (docs/architecture.md, "Adding a variant"); the registry and tests/ may.
rules-check:
	@names=$$(sed -n 's/^ *\.name = "\([a-z]*\)",*$$/\1/p' variants/*.c | paste -sd'|'); \
	if [ -z "$$names" ]; then echo "rules-check: no variant names found in variants/*.c"; exit 1; fi; \
	if grep -rnE --include='*.[ch]' "strcmp\([^)]*\"($$names)\"|&?variant_($$names)\b" search engine protocol book; \
	then echo "rules-check: the lines above ask which variant is loaded; give the variant a hook instead"; exit 1; \
	else echo "rules-check ok ($$names)"; fi

# Every EPD suite in one run; prints the table (one row per suite), and on a
# mismatch every line that is not "ok". PERFT_FLAGS e.g. "--threads 2 --hash 64".
PERFT_FLAGS ?=
perft: ratnik
	@mkdir -p build
	@./ratnik perft --no-progress $(PERFT_FLAGS) $(foreach f,$(sort $(wildcard tests/perft/*.epd)),--epd $(f)) > build/perft.log \
	  || { grep -v '^ok' build/perft.log; exit 1; }
	@sed -n '/^suite /,$$p' build/perft.log

# Long chess counts (start position to depth 7), with threads and a hash.
perft-long: ratnik
	./ratnik perft --threads 2 --hash 256 --epd tests/perft/long/chess.epd

bench: ratnik
	./ratnik bench

# The bench node count is the search's signature: a change that alters the
# search must update tests/bench.sig (and say "Bench: N" in its commit).
# tests/bench.sig is the default engine's, with the shipped nets (what
# OpenBench reads, docs/tools.md), so a new automatic net changes it too;
# tests/bench-hand.sig the hand-written evaluation's (bench --hand).
bench-check: ratnik
	@mkdir -p build
	@./ratnik bench > build/bench.log
	@got=$$(sed -n 's/^Nodes searched: //p' build/bench.log); want=$$(cat tests/bench.sig); \
	if [ "$$got" = "$$want" ]; then echo "bench signature $$got ok"; \
	else echo "bench signature $$got, expected $$want (tests/bench.sig)"; exit 1; fi
	@./ratnik bench --hand > build/bench-hand.log
	@got=$$(sed -n 's/^Nodes searched: //p' build/bench-hand.log); want=$$(cat tests/bench-hand.sig); \
	if [ "$$got" = "$$want" ]; then echo "bench signature of the hand-written evaluation $$got ok"; \
	else echo "bench signature of the hand-written evaluation $$got, expected $$want (tests/bench-hand.sig)"; exit 1; fi

# A net for VARIANT from training positions in DATA (`ratnik datagen`
# output, docs/evaluation.md "NNUE"): features by `ratnik net-features`,
# trained by search/nnue/train.py (Debian's python3-torch), written to
# search/nets/VARIANT.nnue. NET_FLAGS e.g. "--epochs 12 --hidden 128 --seed 1".
NET_PYTHON ?= /usr/bin/python3
NET_FLAGS ?=
NET_OUT ?= search/nets/$(VARIANT).nnue
net: ratnik
	@if [ -z "$(VARIANT)" ] || [ -z "$(DATA)" ]; then echo "usage: make net VARIANT=name DATA=file [NET_FLAGS=...] [NET_OUT=file]"; exit 2; fi
	@mkdir -p build/nets
	nice ./ratnik net-features --variant $(VARIANT) --in $(DATA) --out build/nets/$(VARIANT).feat
	nice $(NET_PYTHON) search/nnue/train.py --variant $(VARIANT) --features build/nets/$(VARIANT).feat --out $(NET_OUT) $(NET_FLAGS)

# The web board in headless Chromium (tests/web, docs/web.md): the page
# plays every variant through its own controls against a daemon the suite
# starts. Needs Debian's chromium, chromium-driver and python3-selenium
# (Debian's python3, hence the path); fails without them. Screenshots go to
# build/web-shots. WEB_TEST_FLAGS e.g. "-v -k Voodoo".
WEB_PYTHON ?= /usr/bin/python3
WEB_TEST_FLAGS ?=
web-test: ratnik
	$(WEB_PYTHON) tests/web/run.py $(WEB_TEST_FLAGS)
	RATNIK_WEB_SERVER=tcp $(WEB_PYTHON) tests/web/run.py -k test_games $(WEB_TEST_FLAGS)
	sh tests/web/no_browser.sh

# The daemon under load (not part of `make test`): LOAD_SESSIONS concurrent
# TCP sessions on 127.0.0.1 each play a short game with `go depth 3`.
LOAD_SESSIONS ?= 200
LOAD_PLIES ?= 400
tests/load/load_client: tests/load/load_client.c
	$(CC) $(CFLAGS_ALL) -o $@ $<

tests/load/fault_client: tests/load/fault_client.c
	$(CC) $(CFLAGS_ALL) -o $@ $<

tests/load/storm_client: tests/load/storm_client.c tests/load/storm_proc.c tests/load/storm_proc.h
	$(CC) $(CFLAGS_ALL) -o $@ tests/load/storm_client.c tests/load/storm_proc.c

load: ratnik tests/load/load_client tests/load/fault_client
	./tests/load/load.sh $(LOAD_SESSIONS) $(LOAD_PLIES)

# The daemon under connection storms (docs/reliability.md): bursts of
# STORM_CONNECTIONS short-lived connections on 127.0.0.1, a new session's
# `go depth 4` timed meanwhile, threads/descriptors/RSS back to the baseline
# afterwards, and SIGTERM within 5 s (after the storm, then during one).
# `make test` runs a shorter one (suite daemon, test daemon_storm).
STORM_CONNECTIONS ?= 2000
STORM_ROUNDS ?= 10
STORM = ./tests/load/storm_client --connections $(STORM_CONNECTIONS) --concurrency 1000
storm: ratnik tests/load/storm_client
	$(STORM) --rounds $(STORM_ROUNDS) --reply-bound 3000 --settle-bound 5 -- ./ratnik
	$(STORM) --rounds $(STORM_ROUNDS) --hold-ms 100 --reply-bound 10000 --settle-bound 5 -- ./ratnik
	$(STORM) --sigterm-during --hold-ms 1000 -- ./ratnik

debug:
	$(MAKE) BUILD=build/debug OPT="-O0 -g" ratnik

# AddressSanitizer + UndefinedBehaviorSanitizer: the whole test suite, with
# the protocol tests driving a sanitized binary; both are built in
# build/sanitize, so ./ratnik stays the release build. Any report fails.
# float-cast-overflow is named because gcc's `undefined` leaves it out
# (a NaN or huge double cast to int).
SAN_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all
sanitize: deps
	@$(MAKE) --no-print-directory BUILD=build/sanitize OPT="$(SAN_FLAGS)" build/sanitize/ratnik build/sanitize/test_runner
	@$(MAKE) --no-print-directory tests/load/storm_client
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 RATNIK_BIN=build/sanitize/ratnik RATNIK_STOP_MS=250 CK_TIMEOUT_MULTIPLIER=3 ./build/sanitize/test_runner

# ThreadSanitizer: the suite built in build/tsan, the protocol tests
# driving a tsan binary (search threads, the CECP/UCI command thread, the
# daemon's libevent loop and session threads). The long differential tests
# (tagged slow) are left out: they run rule code on one thread, and under
# tsan they alone outlast their timeouts on a loaded machine. Every process writes its
# reports to build/tsan/log/; any report, from the runner or from a child
# ratnik, fails. tests/tsan.supp holds suppressions for third-party code
# only (see the file).
# Suites of plain rule, book and evaluation code on one thread are left
# out too: nothing there for tsan to find (make sanitize runs them).
TSAN_SKIP = core chess buratia japanese belarusian voodoo polyglot books fileio chess_eval cecp_highlight \
  match_results conventions
TSAN_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=thread
TSAN_LOG = $(CURDIR)/build/tsan/log
tsan: deps
	@$(MAKE) --no-print-directory BUILD=build/tsan OPT="$(TSAN_FLAGS)" build/tsan/ratnik build/tsan/test_runner
	@rm -rf $(TSAN_LOG) && mkdir -p $(TSAN_LOG)
	TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 log_path=$(TSAN_LOG)/tsan suppressions=$(CURDIR)/tests/tsan.supp" \
	  RATNIK_BIN=build/tsan/ratnik RATNIK_STOP_MS=250 CK_TIMEOUT_MULTIPLIER=4 CK_EXCLUDE_TAGS=slow \
	  RATNIK_SKIP_SUITES="$(TSAN_SKIP)" ./build/tsan/test_runner
	@if ls $(TSAN_LOG)/tsan.* >/dev/null 2>&1; then cat $(TSAN_LOG)/tsan.*; \
	  echo "make tsan: ThreadSanitizer reports above ($(TSAN_LOG))"; exit 1; fi
	@echo "make tsan: no ThreadSanitizer report"

# valgrind (memcheck), -O1 -g build in build/valgrind: the test suite without
# the long differential tests (tagged "slow"), then the binary itself on the
# UCI, CECP and bribe seed scripts of tests/fuzz/corpus. Any error or definite leak fails.
# Suites whose work happens in the ratnik processes they start (matches,
# daemons, tools) are left out: memcheck does not follow those children,
# and make sanitize runs them against a sanitized binary.
VALGRIND_SKIP = match match_results tools daemon_limits reliability input conventions web concurrent
VALGRIND = valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
valgrind: deps
	@$(MAKE) --no-print-directory BUILD=build/valgrind OPT="-O1 -g" build/valgrind/ratnik build/valgrind/test_runner
	@$(MAKE) --no-print-directory tests/load/storm_client
	CK_EXCLUDE_TAGS=slow CK_TIMEOUT_MULTIPLIER=10 RATNIK_BIN=build/valgrind/ratnik RATNIK_STOP_MS=250 \
	  RATNIK_SKIP_SUITES="$(VALGRIND_SKIP)" $(VALGRIND) ./build/valgrind/test_runner
	@for f in tests/fuzz/corpus/uci/* tests/fuzz/corpus/cecp/* tests/fuzz/corpus/bribe/*; do \
	  case $$f in */cecp/*) head='xboard\nprotover 2\n';; \
	    */bribe/*) head='uci\nsetoption name UCI_Variant value buratia\nsetoption name Corruption value true\n';; \
	    *) head='uci\n';; esac; \
	  echo "valgrind ratnik < $$f"; \
	  { printf "$$head"; cat "$$f"; } | $(VALGRIND) build/valgrind/ratnik >/dev/null || exit 1; \
	done

# Binaries of a build directory other than the release (sanitize, valgrind).
$(BUILD)/ratnik: $(OBJ)
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(PKG_LIBS) $(LDLIBS_ALL)

$(BUILD)/test_runner: $(LIBOBJ) $(TESTOBJ)
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(CHECK_LIBS) $(PKG_LIBS) $(LDLIBS_ALL)

# libFuzzer targets (tests/fuzz/, clang; tests/fuzz/init.c is linked into
# each): each runs FUZZ_SECONDS on its own
# seed corpus; new inputs go to build/fuzz/corpus/<target>, crashes to
# build/fuzz/<target>-crash-*. Exit status 1 on the first finding.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= fen move uci cecp bribe book rbook polyglot http
FUZZ_SAN = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_OPTS ?= -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
fuzz: deps
	@$(MAKE) --no-print-directory CC=clang BUILD=build/fuzz OPT="$(FUZZ_SAN)" EXTRA_CFLAGS=-fsanitize=fuzzer-no-link fuzz-targets
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p build/fuzz/corpus/$$t; \
	  echo "== fuzz $$t: $(FUZZ_SECONDS) s"; \
	  ./build/fuzz/fuzz_$$t $(FUZZ_OPTS) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=build/fuzz/$$t- \
	    $$( [ -f tests/fuzz/$$t.dict ] && echo -dict=tests/fuzz/$$t.dict ) \
	    build/fuzz/corpus/$$t tests/fuzz/corpus/$$t 2>build/fuzz/$$t.log \
	    || { tail -n 60 build/fuzz/$$t.log; exit 1; }; \
	  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^Done' build/fuzz/$$t.log; \
	done

fuzz-targets: $(FUZZ_TARGETS:%=$(BUILD)/fuzz_%)

$(BUILD)/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/init.o $(LIBOBJ)
	$(CC) $(CFLAGS_ALL) -fsanitize=fuzzer -o $@ $^ $(PKG_LIBS) $(LDLIBS_ALL)

.SECONDARY: $(FUZZ_TARGETS:%=$(BUILD)/tests/fuzz/fuzz_%.o) $(BUILD)/tests/fuzz/init.o
-include $(wildcard $(BUILD)/tests/fuzz/*.d)

# The shipped opening books (docs/books.md "Shipped books"): each grown by
# `ratnik book search` from its variant's start position, then the match
# runner's EPD sets made from it. Minutes of CPU: not part of `make test`.
BOOK_SEARCH = ./ratnik book search --plies 8 --width 3 --margin 30 --seed 1
books: ratnik
	$(BOOK_SEARCH) --variant buratia --depth 10 --positions 400 --out book/buratia.bin
	$(BOOK_SEARCH) --variant japanese --depth 10 --positions 400 --out book/japanese.bin
	$(BOOK_SEARCH) --variant belarusian --depth 10 --positions 400 --out book/belarusian.bin
	$(BOOK_SEARCH) --variant voodoo --depth 5 --movetime 2500 --positions 320 --out book/voodoo.bin
	@$(MAKE) --no-print-directory book-epds

# The match runner's opening sets from the shipped books (60 balanced
# positions each, at ply 8 of the book).
book-epds: ratnik
	for v in buratia japanese belarusian; do ./ratnik book epd --variant $$v --count 60 --plies 8 --depth 4 > book/$$v.epd || exit 1; done
	./ratnik book epd --variant voodoo --count 60 --plies 8 --depth 2 > book/voodoo.epd

WWW_FILES = $(shell find protocol/web/www -type f 2>/dev/null)
BOOK_FILES = $(wildcard book/*.bin book/*.epd)
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
# XBoard's engine list picks up the plugin files here (Debian's layout, as
# fairymax ships fairymax.eng): one line of XBoard options with the engine.
XBOARD_PLUGINS ?= $(PREFIX)/share/games/plugins/xboard

# The nets (search/nets/, docs/evaluation.md) go to DATADIR/nets/.
NET_FILES = $(sort $(wildcard search/nets/*.nnue))
install: ratnik
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/book $(DESTDIR)$(DATADIR)/www $(DESTDIR)$(DATADIR)/nets \
	  $(DESTDIR)$(MANDIR)/man6 $(DESTDIR)$(XBOARD_PLUGINS)
	install -m 755 ratnik $(DESTDIR)$(BINDIR)/ratnik
	install -m 644 $(BOOK_FILES) $(DESTDIR)$(DATADIR)/book/
	install -m 644 $(NET_FILES) $(DESTDIR)$(DATADIR)/nets/
	@for f in $(WWW_FILES:protocol/web/www/%=%); do \
	  install -D -m 644 protocol/web/www/$$f $(DESTDIR)$(DATADIR)/www/$$f || exit 1; done
	install -m 644 docs/ratnik.6 $(DESTDIR)$(MANDIR)/man6/ratnik.6
	sed 's|@BINDIR@|$(BINDIR)|' protocol/gui/ratnik.eng.in > $(DESTDIR)$(XBOARD_PLUGINS)/ratnik.eng
	chmod 644 $(DESTDIR)$(XBOARD_PLUGINS)/ratnik.eng

# Removes the files install put, then ratnik's own directories if they are
# empty; the shared ones (bin, man6, the plugin directory) stay.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/ratnik $(DESTDIR)$(MANDIR)/man6/ratnik.6 $(DESTDIR)$(XBOARD_PLUGINS)/ratnik.eng
	rm -f $(BOOK_FILES:book/%=$(DESTDIR)$(DATADIR)/book/%)
	rm -f $(NET_FILES:search/nets/%=$(DESTDIR)$(DATADIR)/nets/%)
	rm -f $(WWW_FILES:protocol/web/www/%=$(DESTDIR)$(DATADIR)/www/%)
	-find $(DESTDIR)$(DATADIR)/www -depth -type d -empty -delete 2>/dev/null
	-rmdir $(DESTDIR)$(DATADIR)/book $(DESTDIR)$(DATADIR)/nets $(DESTDIR)$(DATADIR) 2>/dev/null

clean:
	rm -rf build ratnik tests/test_runner tests/load/load_client tests/load/fault_client tests/load/storm_client
