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
