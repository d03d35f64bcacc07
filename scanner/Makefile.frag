# snippet_scanner.c is committed; regenerate it when the .re changed and re2c 3.0+ was found.
$(srcdir)/scanner/snippet_scanner.c: $(srcdir)/scanner/snippet_scanner.re
	@if test -n "$(ALTAIR_EVAL_RE2C)"; then $(ALTAIR_EVAL_RE2C) -W --no-generation-date -o $@ $(srcdir)/scanner/snippet_scanner.re; fi
