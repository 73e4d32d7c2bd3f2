# Builds and installs `pocket` as one self-contained binary: the Swift runtime and Foundation
# linked in (`--static-swift-stdlib`), so it needs no toolchain at run time and binds no
# Swift symbols when it starts. libsqlite3 stays a system library; libcurl and libpq are
# opened only by the commands that need them.
#
#   make install                   # into /usr/local/bin (may need sudo)
#   make install PREFIX=~/.local   # into ~/.local/bin
#   make uninstall [PREFIX=…]
#   make static                    # pocket, bench-hello and bench-floor built this way,
#                                  # for `pocket-bench --process` to measure beside the
#                                  # default (dynamic) build
#
# The static build has a scratch folder of its own (.build/static), so it does not rebuild
# over `swift build -c release`.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
STATIC_BUILD = $(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/static
# No `$ORIGIN` run path: the static binary loads no library of its own, and the dynamic
# loader would look for the C library in a dozen folders beside it first, at every start.
STATIC_BUILD += --disable-local-rpath
# On Linux, linked at a fixed address (`-no-pie`): as a position-independent executable the
# 80 MB binary has some 78,000 relocations to apply at every start, each page they write to
# copied (3 ms of CPU, most of what it does before `main`). Its libraries, heap and stacks
# are still placed at random.
ifeq ($(shell uname -s),Linux)
STATIC_BUILD += -Xlinker -no-pie
# Only `main` in the dynamic symbol table (scripts/static-exports.map): SwiftPM exports
# every Swift symbol of an executable (for tests that import it), 3,100 of Pocket's, and
# the dynamic loader looks a symbol up in the executable first, for every library it binds:
# libpq's twenty libraries, opened by the postgres store, cost 1.6 ms more CPU so.
STATIC_BUILD += -Xlinker --version-script=$(CURDIR)/scripts/static-exports.map
# SQLite and the C++ library (which ICU, linked in with Foundation, uses) are linked in too,
# from their archives: loading and relocating libsqlite3 and libstdc++ (some 8,000
# relocations) took about 4 ms of every start. The linker takes `-lstdc++` and `-lsqlite3`
# from the first folder that has them, so a folder of links to the archives comes first; an
# archive that is not installed is left out, and that library stays a shared one.
STATIC_ARCHIVES = .build/static-archives
STATIC_BUILD += -Xlinker -L$(CURDIR)/$(STATIC_ARCHIVES)
CLANG ?= clang
endif

.PHONY: all pocket static install uninstall archives

all: pocket

archives:
ifdef STATIC_ARCHIVES
	mkdir -p $(STATIC_ARCHIVES)
	for name in libstdc++.a libsqlite3.a; do \
	  archive="$$($(CLANG) -print-file-name=$$name)"; \
	  if [ -f "$$archive" ]; then ln -sf "$$archive" $(STATIC_ARCHIVES)/$$name; \
	  else rm -f $(STATIC_ARCHIVES)/$$name; fi; \
	done
endif

pocket: archives
	$(STATIC_BUILD) --product pocket

static: pocket
	$(STATIC_BUILD) --product bench-hello
	$(STATIC_BUILD) --product bench-floor

install: pocket
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 .build/static/release/pocket "$(DESTDIR)$(BINDIR)/pocket"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/pocket"
