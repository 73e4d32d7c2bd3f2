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
# On Linux, linked at a fixed address (`-no-pie`): as a position-independent executable the
# 80 MB binary has some 78,000 relocations to apply at every start, each page they write to
# copied (3 ms of CPU, most of what it does before `main`). Its libraries, heap and stacks
# are still placed at random.
ifeq ($(shell uname -s),Linux)
STATIC_BUILD += -Xlinker -no-pie
endif

.PHONY: all pocket static install uninstall

all: pocket

pocket:
	$(STATIC_BUILD) --product pocket

static: pocket
	$(STATIC_BUILD) --product bench-hello
	$(STATIC_BUILD) --product bench-floor

install: pocket
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 .build/static/release/pocket "$(DESTDIR)$(BINDIR)/pocket"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/pocket"
