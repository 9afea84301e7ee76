# The two commands a new user needs:
#   make site   builds and publishes the DuoApps site into Public/
#   make test   runs every test
# Both install the Debian packages they need when they are missing.
# make install puts duosite on the PATH: $(PREFIX)/bin/duosite.

SWIFT ?= swift
TODAY ?=
TODAY_FLAG := $(if $(TODAY),--today $(TODAY),)
# Where make install puts duosite: $(DESTDIR)$(PREFIX)/bin.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
# make install DUOSITE=path installs that binary rather than a release build.
DUOSITE ?=

.PHONY: site site-optimized install test unit-tests verify-site verify-publishing verify-lsp verify-install fuzz-short fuzz bench dependencies

dependencies:
	scripts/install-dependencies

# A plain release build (scripts/release-build --help), then the site; says
# where the binary is, whether the build published or not.
site: dependencies
	@duosite=$$(SWIFT=$(SWIFT) scripts/release-build) || exit 1; \
	"$$duosite" build $(TODAY_FLAG); status=$$?; \
	echo "make site: duosite is $$duosite; 'make install' puts it on the PATH ($(BINDIR)/duosite)"; \
	exit $$status

# duosite on the PATH: a release build (or DUOSITE) copied to $(BINDIR).
install: $(if $(DUOSITE),,dependencies)
	@duosite="$(DUOSITE)"; \
	if [ -z "$$duosite" ]; then duosite=$$(SWIFT=$(SWIFT) scripts/release-build) || exit 1; fi; \
	install -d "$(DESTDIR)$(BINDIR)" && install -m 755 "$$duosite" "$(DESTDIR)$(BINDIR)/duosite" || exit 1; \
	echo "make install: installed $(DESTDIR)$(BINDIR)/duosite"; \
	case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo "make install: $(BINDIR) is not on your PATH: add it, or run $(BINDIR)/duosite";; esac

# The same with a release build optimized with a profile of duosite's own
# work (scripts/release-build --optimized); the first one takes several minutes.
site-optimized: dependencies
	duosite=$$(SWIFT=$(SWIFT) scripts/release-build --optimized) && "$$duosite" build $(TODAY_FLAG)

test: dependencies unit-tests verify-site verify-publishing verify-lsp verify-install fuzz-short

unit-tests:
	$(SWIFT) test

verify-site: dependencies
	SWIFT=$(SWIFT) scripts/verify-site

# The workflows through actionlint, and the site served by nginx as
# docs/publishing.md configures it.
verify-publishing: dependencies
	SWIFT=$(SWIFT) scripts/verify-publishing

# make install into a temporary PREFIX, then the README's tour typed as an
# editor types it, with that duosite on the PATH.
verify-install:
	SWIFT=$(SWIFT) scripts/verify-install

# duosite lsp driven by a real client (pytest-lsp), as editors drive it.
verify-lsp: dependencies
	SWIFT=$(SWIFT) scripts/verify-lsp

# Hostile input (scripts/fuzz --help): every reported case replayed, then
# mutated and generated sites, a short pass with a fixed seed in make test
# (at most a minute), a long one in make fuzz.
fuzz-short:
	scripts/fuzz --seconds 35 --timeout 20 --seed 66

fuzz:
	scripts/fuzz --seconds 1800 --seed $$(date +%s)

# make bench BENCH_ARGS="--sizes 100,1000 --runs 3"; scripts/bench --help lists the options.
bench: dependencies
	scripts/bench $(BENCH_ARGS)
