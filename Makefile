# ratnik: `make` builds ./ratnik; `make run` starts it; `make test` proves it.
ifeq ($(origin CC),default)
CC = gcc
endif
PREFIX ?= /usr/local
ARCH ?=
PKGS = libevent libevent_pthreads check

WARN    = -Wall -Wextra -Werror
CSTD    = -std=c11 -D_GNU_SOURCE
OPT     ?= -O3
ARCHFLAG = $(if $(filter native,$(ARCH)),-march=native,$(if $(ARCH),-march=$(ARCH),))
CFLAGS_ALL = $(CSTD) $(WARN) $(OPT) $(ARCHFLAG) -pthread $(EXTRA_CFLAGS)
LDLIBS_ALL = -pthread -lm

BUILD   ?= build/release
SRC     = $(sort $(wildcard engine/*.c variants/*.c search/*.c protocol/*.c book/*.c))
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

.PHONY: all run test deps bench clean install debug sanitize perft unit protocol-tests load

all: ratnik

ratnik: $(OBJ)
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

tests/test_runner: $(LIBOBJ) $(TESTOBJ)
	$(CC) $(CFLAGS_ALL) -o $@ $^ $(CHECK_LIBS) $(PKG_LIBS) $(LDLIBS_ALL)

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(PKG_CFLAGS) -MMD -MP -c $< -o $@

# The whole proof: unit and differential tests, protocol scripts, perft suites.
test: deps
	@$(MAKE) --no-print-directory ratnik tests/test_runner
	./tests/test_runner
	@$(MAKE) --no-print-directory perft

perft: ratnik
	@mkdir -p build
	@for f in tests/perft/*.epd; do \
	  echo "== $$f"; \
	  ./ratnik perft --epd $$f > build/perft.log || { grep -v '^ok' build/perft.log; exit 1; }; \
	  tail -n 1 build/perft.log; \
	done

bench: ratnik
	./ratnik bench

# The daemon under load (not part of `make test`): LOAD_SESSIONS concurrent
# TCP sessions on 127.0.0.1 each play a short game with `go depth 3`.
LOAD_SESSIONS ?= 200
LOAD_PLIES ?= 400
tests/load/load_client: tests/load/load_client.c
	$(CC) $(CFLAGS_ALL) -o $@ $<

load: ratnik tests/load/load_client
	./tests/load/load.sh $(LOAD_SESSIONS) $(LOAD_PLIES)

debug:
	$(MAKE) BUILD=build/debug OPT="-O0 -g" ratnik

sanitize:
	$(MAKE) BUILD=build/sanitize OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer" ratnik tests/test_runner
	./tests/test_runner

install: ratnik
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 ratnik $(DESTDIR)$(PREFIX)/bin/ratnik

clean:
	rm -rf build ratnik tests/test_runner tests/load/load_client
