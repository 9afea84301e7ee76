# The two commands a new user needs:
#   make site   builds and publishes the DuoApps site into Public/
#   make test   runs every test
# Both install the Debian packages they need when they are missing.

SWIFT ?= swift
TODAY ?=
TODAY_FLAG := $(if $(TODAY),--today $(TODAY),)

.PHONY: site site-optimized test unit-tests verify-site verify-lsp fuzz-short fuzz bench dependencies

dependencies:
	scripts/install-dependencies

# A plain release build (scripts/release-build --help), then the site.
site: dependencies
	duosite=$$(SWIFT=$(SWIFT) scripts/release-build) && "$$duosite" build $(TODAY_FLAG)

# The same with a release build optimized with a profile of duosite's own
# work (scripts/release-build --optimized); the first one takes several minutes.
site-optimized: dependencies
	duosite=$$(SWIFT=$(SWIFT) scripts/release-build --optimized) && "$$duosite" build $(TODAY_FLAG)

test: dependencies unit-tests verify-site verify-lsp fuzz-short

unit-tests:
	$(SWIFT) test

verify-site: dependencies
	SWIFT=$(SWIFT) scripts/verify-site

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
